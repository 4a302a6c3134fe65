import Foundation

/// A data file read in fixed-size chunks, so the rows of a file larger than memory can be
/// handed out one by one. Only a regular file is opened (see ``RegularFile``): a FIFO or a
/// device would block or never end.
final class DataFile {
    /// How much is read at a time: large enough that system calls cost nothing next to parsing.
    static let chunkSize = 64 * 1024

    /// The file's name as the user gave it, for messages.
    let name: String
    private let descriptor: Int32
    private var buffer: [UInt8]
    /// Whether the first chunk is still to come (its byte order mark is dropped).
    private var atStart = true
    private(set) var reachedEnd = false

    init(path: String, name: String) throws(DataRowsError) {
        self.name = name
        do { descriptor = try RegularFile.openForReading(path).descriptor } catch {
            throw DataRowsError.unreadable(file: name, reason: error.reason)
        }
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    deinit { close(descriptor) }

    /// The next chunk, empty at the end of the file; a UTF-8 byte order mark at the start is
    /// left out, and a UTF-16 one is an error (such a file reads as garbage otherwise).
    ///
    /// The bytes are valid until the next call.
    func nextChunk() throws(DataRowsError) -> ArraySlice<UInt8> {
        guard !reachedEnd else { return [] }
        var filled = 0
        // A first chunk shorter than a byte order mark is completed, so the mark is seen whole.
        repeat {
            let count = buffer.withUnsafeMutableBytes { bytes in
                systemRead(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw DataRowsError.unreadable(file: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { reachedEnd = true; break }
            filled += count
        } while atStart && filled < 3
        var chunk = buffer[0..<filled]
        if atStart {
            atStart = false
            if chunk.starts(with: [0xEF, 0xBB, 0xBF]) {
                chunk = chunk.dropFirst(3)
            } else if chunk.starts(with: [0xFF, 0xFE]) || chunk.starts(with: [0xFE, 0xFF]) {
                throw DataRowsError.utf16(file: name)
            }
        }
        return chunk
    }
}
