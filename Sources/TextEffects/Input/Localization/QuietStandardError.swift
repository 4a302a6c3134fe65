import Foundation

/// Runs a step with standard error sent to /dev/null: Foundation's property-list reader on
/// Linux logs a line of its own ("Old-style plist parser: missing semicolon …") before it
/// throws, which would break the CLI's one-line-per-problem output. The error it throws is
/// reported instead.
enum QuietStandardError {
    private static let lock = NSLock()

    static func run<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            fflush(nil)
            if saved >= 0 { dup2(saved, STDERR_FILENO); close(saved) }
            if null >= 0 { close(null) }
        }
        return try body()
    }
}
