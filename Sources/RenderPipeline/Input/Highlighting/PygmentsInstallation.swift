import Foundation

/// The Pygments a Python interpreter imports, remembered in the cache folder with the size and
/// modification time of the interpreter and of Pygments' `__init__.py`: while both are
/// unchanged, its version (which every cache key holds) is known without starting Python, so a
/// document whose snippets are all cached starts no process at all. Upgrading either changes a
/// stamp, and the next run asks Python again.
struct PygmentsInstallation: Codable, Equatable {
    var python: String
    var pythonStamp: FileStamp
    var module: String
    var moduleStamp: FileStamp
    var version: String

    /// A file's size and modification time.
    struct FileStamp: Codable, Equatable {
        var size: UInt64
        var modified: Double

        /// The stamp of the file at `path` (following symbolic links), or nil when it is not there.
        init?(path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path),
                  let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date else { return nil }
            self.size = size.uint64Value
            self.modified = date.timeIntervalSince1970
        }
    }

    /// The remembered installation for `python` in `directory`, if its stamps still hold.
    static func remembered(for python: URL, in directory: URL) -> PygmentsInstallation? {
        guard let data = try? Data(contentsOf: file(in: directory)),
              let known = try? JSONDecoder().decode(PygmentsInstallation.self, from: data),
              known.python == python.path, FileStamp(path: known.python) == known.pythonStamp,
              FileStamp(path: known.module) == known.moduleStamp else { return nil }
        return known
    }

    /// The installation a run of `python` reported, stamped now.
    init?(python: URL, module: String, version: String) {
        guard let pythonStamp = FileStamp(path: python.path), let moduleStamp = FileStamp(path: module) else { return nil }
        self.python = python.path
        self.pythonStamp = pythonStamp
        self.module = module
        self.moduleStamp = moduleStamp
        self.version = version
    }

    func remember(in directory: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: Self.file(in: directory), options: .atomic)
    }

    private static func file(in directory: URL) -> URL { directory.appendingPathComponent("pygments.json") }
}
