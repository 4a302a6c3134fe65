import Foundation

/// What the preview's connections hold right now, and the most they have held: counted by each
/// connection's `ConnectionGuard`, read by tests to show the limits hold.
final class ConnectionGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var state = Reading()

    /// The counts at one moment.
    struct Reading: Sendable {
        /// Connections accepted and not yet closed.
        var connections = 0
        /// The most connections open at once.
        var peakConnections = 0
        /// Response bytes written by the server and not yet taken by the system's socket, over all
        /// connections.
        var heldBytes = 0
        /// The most response bytes one connection has held at once.
        var peakHeldBytesPerConnection = 0
        /// The most response bytes all connections held at once.
        var peakHeldBytes = 0
        /// Connections closed because their response could not send for the stall timeout.
        var stalledClosed = 0
        /// Connections closed because a write would have taken them past their byte budget.
        var overBudgetClosed = 0
    }

    var reading: Reading { lock.withLock { state } }

    func opened() {
        lock.withLock {
            state.connections += 1
            state.peakConnections = max(state.peakConnections, state.connections)
        }
    }

    func closed() { lock.withLock { state.connections -= 1 } }

    /// `count` more bytes held by a connection that now holds `connectionTotal`.
    func hold(_ count: Int, connectionTotal: Int) {
        lock.withLock {
            state.heldBytes += count
            state.peakHeldBytes = max(state.peakHeldBytes, state.heldBytes)
            state.peakHeldBytesPerConnection = max(state.peakHeldBytesPerConnection, connectionTotal)
        }
    }

    func release(_ count: Int) { lock.withLock { state.heldBytes -= count } }

    func countStall() { lock.withLock { state.stalledClosed += 1 } }

    func countOverBudget() { lock.withLock { state.overBudgetClosed += 1 } }
}
