import Foundation

/// Serialises every call into Pango and fontconfig, which are not safe to use from several
/// threads at once; frames then draw from the copied-out `TextLayout` without it.
enum PangoLock {
    private static let lock = NSLock()

    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
