import Foundation

/// One message of a `GET /events` stream: an event for the page, or a comment that only tests
/// the connection.
enum EventStreamItem: Sendable {
    case event(PreviewEvent)
    /// A comment line, which pages ignore: writing it is how the server learns that a page went
    /// away (the write fails), so that its stream's place is freed without waiting for a save.
    case heartbeat

    /// The message as server-sent events put it.
    var serverSentEvent: String {
        switch self {
        case .event(let event): event.serverSentEvent
        case .heartbeat: ": heartbeat\n\n"
        }
    }
}
