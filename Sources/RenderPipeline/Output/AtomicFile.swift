import Foundation

/// Writes files under a temporary name in the same folder and renames them into place, so a
/// reader (or a crash) never sees a half-written file.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = temporaryURL(for: url)
        do {
            try data.write(to: temporary)
            try replace(url, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A hidden sibling name unique to this process and call.
    public static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp")
    }

    /// Moves `temporary` over `url` in one `rename(2)`.
    public static func replace(_ url: URL, with temporary: URL) throws {
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                           NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }
}
