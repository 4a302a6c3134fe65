import Foundation

/// A one-line progress bar on standard error, shown only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = NSLock()
    private let start = Date()
    /// What is counted, plural ("frames", "rows").
    private let unit: String

    init(total: Int, quiet: Bool, unit: String = "frames") {
        self.total = total
        self.unit = unit
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Whether the bar is shown (standard error is a terminal and not `--quiet`).
    var isShown: Bool { enabled }

    func advance() {
        guard enabled else { return }
        lock.lock()
        done += 1
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) \(unit)".utf8))
        lock.unlock()
    }

    func finish(_ message: String) {
        guard enabled else { return }
        let seconds = Date().timeIntervalSince(start)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(message) in \(String(format: "%.2f", seconds)) s\n".utf8))
    }

    /// Clears the bar's line, for a message of its own.
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
