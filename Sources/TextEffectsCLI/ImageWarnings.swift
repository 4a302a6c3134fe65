// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

/// Markdown images a scene names that cannot be shown (unreadable, remote), each replaced by
/// its alt text: said on standard error, one line each (`card.json: blocks[0].markdown: image
/// "logo.png" cannot be read (…); its alt text is shown`) and once a run, as font substitutions
/// and caption warnings are. `--strict-images` makes them errors instead (exit 2).
final class ImageWarnings: @unchecked Sendable {
    static let shared = ImageWarnings()

    private let lock = NSLock()
    private var said: Set<String> = []

    /// The warnings of every Markdown block of `scene`, each line starting with `file`.
    static func lines(for scene: Scene, file: String) -> [String] {
        scene.blocks.flatMap { block in (block.markdown?.imageWarnings ?? []).map { "\(file): \($0)" } }
    }

    /// Prints the lines for `scene` not printed yet this run, unless `quiet`.
    func print(for scene: Scene, file: String, quiet: Bool) {
        for line in Self.lines(for: scene, file: file) { print(line: line, quiet: quiet) }
    }

    /// Prints one line unless it was printed this run or `quiet` (a batch row's, from any thread).
    func print(line: String, quiet: Bool) {
        guard !quiet, lock.withLock({ said.insert(line).inserted }) else { return }
        SceneLoading.printError(line)
    }
}
#endif
