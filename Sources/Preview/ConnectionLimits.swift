import Foundation

/// How many connections the preview serves, how long one may sit idle or stalled, and how many
/// bytes one may hold: the bounds that keep the server's memory and descriptors the same
/// whatever its clients do (never read, never send, never leave).
///
/// The sizes are fixed; the counts and times are the standard ones below, which tests shorten
/// through ``PreviewServer/Configuration/limits``.
package struct ConnectionLimits: Sendable {
    /// Bodies go out in pieces of 64 KiB: a file is read one piece at a time from its open
    /// descriptor, a frame or JSON answer copied out one piece at a time, and each piece is
    /// handed to the connection only once it took the one before (``PacedBodyWriter``).
    static let chunkSize = 64 << 10
    /// A connection's write buffer in the server pauses its response above 64 KiB waiting for
    /// the client (NIO's high-water mark)…
    static let writeBufferHighWaterMark = 64 << 10
    /// …and resumes it below 32 KiB.
    static let writeBufferLowWaterMark = 32 << 10
    /// The system's send buffer of a connection: 256 KiB (Linux doubles it for its bookkeeping),
    /// in place of the one it grows up to 4 MB: what the system holds for a client that does not
    /// read, still about 1 Gbit/s at a 2 ms round trip.
    static let socketSendBufferSize = 256 << 10
    /// Response bytes one connection may hold in the server, waiting for its client: 256 KiB.
    /// Pieces and the write buffer keep a connection under 128 KiB there (one piece past the
    /// high-water mark), plus the piece its response is about to hand over; a write that would
    /// take it past this closes the connection rather than buffer a whole body.
    static let maximumHeldBytes = 256 << 10

    /// Connections served at once: 64 (a browser opens 6 per page, and one event stream).
    /// Further ones wait in the system's listen queue, not accepted, until one closes.
    package var maximumConnections = 64
    /// Connections the system queues, unaccepted, beyond those served: 64 (the listen backlog).
    /// Past that the system drops new connection attempts until there is room.
    package var backlog = 64
    /// `GET /events` streams at once: 16, so that streams, which never end, cannot take every
    /// connection. One more is answered 503 (the page tries again every 2 s).
    package var maximumEventStreams = 16
    /// A connection with no request under way (kept alive between requests, or one whose request
    /// head has not all arrived) is closed after 30 s.
    package var idleTimeout: Duration = .seconds(30)
    /// A response that cannot send for 30 s is cut and its connection closed: the client took so
    /// little that the write buffer stayed above its low-water mark all that time.
    package var stallTimeout: Duration = .seconds(30)
    /// An event stream sends a comment line every 15 s: a write is how the server learns that
    /// a page went away (its stream's place is then free), and it keeps proxies from timing out.
    package var heartbeatInterval: Duration = .seconds(15)

    package init() {}

    /// The numbers `texteffects preview` serves with.
    package static let standard = ConnectionLimits()
}
