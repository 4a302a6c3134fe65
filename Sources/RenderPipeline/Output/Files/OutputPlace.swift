import Foundation

/// Checks and makes the places outputs go, so that a bad `--out` is refused in plain words
/// before any work, and missing folders are created as `mkdir -p` would.
package enum OutputPlace {
    /// Refuses a folder of frames that cannot be made or written: something on the way is a
    /// file, or the nearest existing folder is read-only or not writable. Creates nothing.
    package static func checkFolder(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError.notAFolder(url.path) }
            try checkWritable(url, writing: url)
        } else {
            try checkAncestors(of: url, writing: url)
        }
    }

    /// Refuses a single output file that cannot be written: a folder of that name, something
    /// on the way that is a file, or a read-only or unwritable folder; unless
    /// `foldersMayBeMissing`, also a missing folder. Creates nothing.
    package static func checkFile(_ url: URL, foldersMayBeMissing: Bool = true) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputError.isAFolder(url.path)
        }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if !foldersMayBeMissing, !FileManager.default.fileExists(atPath: parent.path) {
            try checkAncestors(of: parent, writing: url)
            throw OutputError.folderMissing(parent.path)
        }
        try checkAncestors(of: url, writing: url)
    }

    /// Creates `url` and every missing folder above it (`mkdir -p`).
    package static func createFolder(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError.notAFolder(url.path) }
            return
        }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path { try createFolder(parent) }
        guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
            let code = errno
            throw code == ENOENT ? OutputError.folderMissing(parent.path) : OutputError(errno: code, writing: url)
        }
    }

    /// The nearest folder above `url` that exists must be a folder one may write in.
    private static func checkAncestors(of url: URL, writing output: URL) throws {
        var folder = url.standardizedFileURL.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else { throw OutputError.notAFolder(folder.path) }
        try checkWritable(folder, writing: output)
    }

    /// `access(2)` tells a read-only file system (EROFS) from missing permission (EACCES).
    private static func checkWritable(_ folder: URL, writing output: URL) throws {
        guard access(folder.path, W_OK | X_OK) == 0 else {
            let code = errno
            throw code == EROFS ? OutputError.readOnly(output.path) : OutputError(errno: code, writing: output)
        }
    }
}
