// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Hummingbird
import NIOCore

/// Hands a body to its connection one piece (``ConnectionLimits/chunkSize``) at a time, each
/// after the connection's event loop has taken the one before.
///
/// Hummingbird's writer waits while the channel is not writable, but it learns so on the event
/// loop, after the write that filled the buffer: a writer that did not wait for the event loop
/// would hand over pieces faster than that news comes, and a client that never reads would make
/// the server hold as many as it managed. Waiting for one turn of the event loop after each piece
/// (its tasks run in order, so the piece's write and any change of writability come first)
/// keeps the connection's write buffer under its high-water mark plus one piece.
///
/// The turn is waited for before the next piece, not after the last: a body of one piece (a
/// cached card of up to a chunk, most pages) is handed over without waiting at all.
struct PacedBodyWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    let eventLoop: any EventLoop
    /// Whether a piece was handed over since the event loop last took a turn.
    private var owesTurn = false

    init(parent: any ResponseBodyWriter, eventLoop: any EventLoop) {
        self.parent = parent
        self.eventLoop = eventLoop
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        var rest = buffer
        while rest.readableBytes > 0 {
            if owesTurn { try await eventLoop.submit {}.get() }
            // A slice shares the buffer's storage: nothing is copied.
            let piece = rest.readSlice(length: min(ConnectionLimits.chunkSize, rest.readableBytes))!
            try await parent.write(piece)
            owesTurn = true
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await parent.finish(trailingHeaders)
    }
}
#endif
