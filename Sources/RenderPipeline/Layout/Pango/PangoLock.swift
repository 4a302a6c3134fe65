import Foundation

/// Serialises every call into Pango and fontconfig, which are not safe to use from several
/// threads at once, and every use of a Cairo scaled font on a context (see
/// `TextRasterizer.withFont`); frames draw from the copied-out `TextLayout` and take it only
/// around glyphs.
enum PangoLock {
    // Recursive: a Pango object may be released (and so unreferenced under the lock) while
    // the lock is already held, e.g. when a temporary layout goes out of scope inside it.
    private static let lock = NSRecursiveLock()

    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
