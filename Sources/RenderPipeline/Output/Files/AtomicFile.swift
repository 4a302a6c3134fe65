import Foundation

/// Writes files under a temporary name in the same folder and renames them into place, so a
/// reader (or a crash) never sees a half-written file.
///
/// The temporary file is registered in `TemporaryFiles.shared` while it exists, so an
/// interrupted process removes it. Failures are `OutputError`s naming the file being written.
package enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = temporaryURL(for: url)
        let fd = try TemporaryFiles.shared.create(temporary, for: url)
        defer { TemporaryFiles.shared.forget(temporary) }
        do {
            do {
                try data.withUnsafeBytes { bytes in
                    if let base = bytes.baseAddress { try writeAll(fd, base, bytes.count, to: url) }
                }
            } catch {
                close(fd)
                throw error
            }
            // close(2) is where some file systems report a full disk.
            guard close(fd) == 0 else { throw OutputError(errno: errno, writing: url) }
            try replace(url, with: temporary)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// A hidden sibling name unique to this process and call.
    public static func temporaryURL(for url: URL) -> URL {
        // A name that is not a folder: appendingPathComponent would ask the file system (a stat).
        url.deletingLastPathComponent().appending(component: ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp",
                                                  directoryHint: .notDirectory)
    }

    /// Moves `temporary` over `url` in one `rename(2)`.
    public static func replace(_ url: URL, with temporary: URL) throws {
        guard rename(temporary.path, url.path) == 0 else { throw OutputError(errno: errno, writing: url) }
    }

    /// `write(2)` until all `count` bytes are out; errors name `url` (the output, not the
    /// temporary file), so a full disk reads "no space left on device writing out/frame_0012.png".
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, to url: URL) throws {
        var offset = 0
        while offset < count {
            let written = Foundation.write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(errno: errno, writing: url)
            }
            offset += written
        }
    }
}
