// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

/// Where font warnings go for the whole run: each family is said once, however many scenes,
/// rows or languages name it (a `FontCheck` made per scene would say it again).
final class FontWarnings: @unchecked Sendable {
    static let shared = FontWarnings()

    private let lock = NSLock()
    private var said: Set<String> = []

    /// A printer for `FontCheck`: each line once a run, on standard error, nothing when `quiet`.
    func printer(quiet: Bool) -> @Sendable (String) -> Void {
        { line in
            guard !quiet, self.lock.withLock({ self.said.insert(line).inserted }) else { return }
            // A progress bar may hold the line: clear it first, as the bar's own messages do.
            if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            SceneLoading.printError(line)
        }
    }
}
#endif
