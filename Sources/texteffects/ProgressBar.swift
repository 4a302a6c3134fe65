import Foundation

/// A one-line progress bar on standard error, shown only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = NSLock()
    private let start = Date()

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    func advance() {
        guard enabled else { return }
        lock.lock()
        done += 1
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) frames".utf8))
        lock.unlock()
    }

    func finish(_ message: String) {
        guard enabled else { return }
        let seconds = Date().timeIntervalSince(start)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(message) in \(String(format: "%.2f", seconds)) s\n".utf8))
    }
}
