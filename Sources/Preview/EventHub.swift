import Foundation

/// Hands every event to each page that listens (`GET /events`), at most `maximumListeners` at once.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<EventStreamItem>.Continuation] = [:]
    /// Streams at once (``ConnectionLimits/maximumEventStreams``): each holds a connection for as
    /// long as its page is open.
    let maximumListeners: Int
    /// How often each stream gets a heartbeat (``ConnectionLimits/heartbeatInterval``).
    let heartbeatInterval: Duration

    init(maximumListeners: Int = ConnectionLimits.standard.maximumEventStreams,
         heartbeatInterval: Duration = ConnectionLimits.standard.heartbeatInterval) {
        self.maximumListeners = maximumListeners
        self.heartbeatInterval = heartbeatInterval
    }

    /// Pages listening now.
    var listenerCount: Int { lock.withLock { listeners.count } }

    /// A stream of events that starts with `first` (the state now), with a heartbeat every
    /// `heartbeatInterval`, and ends when the listener goes (or is told to by `finish`); `nil`
    /// when `maximumListeners` pages listen already.
    func subscribe(startingWith first: PreviewEvent) -> AsyncStream<EventStreamItem>? {
        let id = UUID()
        // A page that stops reading holds only the newest few events, never an unbounded queue
        // (and its connection is closed once its writes stall: `ConnectionGuard`).
        let (stream, continuation) = AsyncStream<EventStreamItem>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in
            _ = self?.lock.withLock { self?.listeners.removeValue(forKey: id) }
        }
        let added = lock.withLock {
            guard listeners.count < maximumListeners else { return false }
            listeners[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return nil
        }
        continuation.yield(.event(first))
        let interval = heartbeatInterval
        // Stops at the first tick after the stream ended.
        Task {
            while (try? await Task.sleep(for: interval)) != nil {
                if case .terminated = continuation.yield(.heartbeat) { return }
            }
        }
        return stream
    }

    func publish(_ event: PreviewEvent) {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.yield(.event(event)) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.finish() }
    }
}
