import Foundation

/// Hands out `Span.linkGroup` numbers unique within the process.
///
/// Groups only tell links apart; layout renumbers links in text order, so the values never reach
/// output and the counter does not make rendering depend on call order.
enum LinkGroups {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last = 0

    static func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
