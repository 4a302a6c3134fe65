import Foundation

/// A regular file of the scene's folder, open for reading in pieces (`GET /files/PATH`).
///
/// It is opened once its real path passed `SceneFolderFiles`' checks and is then read only
/// through this descriptor, never by its path again, so a link swapped in after the checks is
/// never followed. The descriptor is closed when the last reference goes: when the response has
/// been sent, or dropped unsent.
final class OpenedFile: Sendable {
    let descriptor: Int32
    /// The size when it was opened: what is sent. A file that grows meanwhile is cut there; one
    /// that shrinks ends its response early (the client sees fewer bytes than Content-Length).
    let size: Int

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Reads at most `buffer.count` bytes at `offset` into `buffer`; the number read, 0 at the end.
    /// `pread`: no shared file position, so pieces may be read from any thread.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }
}
