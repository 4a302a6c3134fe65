import Foundation

/// Hands every event to each page that listens (`GET /events`).
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<PreviewEvent>.Continuation] = [:]

    /// A stream of events that starts with `first` (the state now) and ends when the listener goes.
    func subscribe(startingWith first: PreviewEvent) -> AsyncStream<PreviewEvent> {
        let id = UUID()
        // A page that stops reading holds only the newest few events, never an unbounded queue.
        let (stream, continuation) = AsyncStream<PreviewEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.yield(first)
        continuation.onTermination = { [weak self] _ in
            _ = self?.lock.withLock { self?.listeners.removeValue(forKey: id) }
        }
        lock.withLock { listeners[id] = continuation }
        return stream
    }

    func publish(_ event: PreviewEvent) {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.yield(event) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.finish() }
    }
}
