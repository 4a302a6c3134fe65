// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

/// What a caption file held that was skipped or ignored (an unknown tag, a cue setting not
/// understood, a cue that ends when it starts): said on standard error before the render, one
/// line each and once a run (every language of `--locale all` reads the same file), as font
/// substitutions are, so a caption that comes out plain is explained.
final class CaptionWarnings: @unchecked Sendable {
    static let shared = CaptionWarnings()

    /// At most this many lines a file; then one line counts the rest (a file of 10,000 cues
    /// with the same unknown tag is one problem, not a screenful).
    static let limit = 20

    private let lock = NSLock()
    private var said: Set<String> = []

    /// The lines for `track`, each starting with `prefix` (`talk.vtt` alone, or
    /// `card.json: captions.source: talk.vtt` for a scene's captions).
    static func lines(for track: CaptionTrack, prefix: String) -> [String] {
        let shown = track.warnings.prefix(limit).map { warning in
            // `12: …` follows the file name as `talk.vtt:12: …`; a problem about the whole file has no line.
            warning.line > 0 && warning.path == nil ? "\(prefix):\(warning)" : "\(prefix): \(warning)"
        }
        let rest = track.warnings.count - shown.count
        return rest > 0 ? shown + ["\(prefix): … and \(rest) more warning\(rest == 1 ? "" : "s") like these"] : shown
    }

    /// Prints the lines for `track` not printed yet this run, unless `quiet`.
    func print(_ track: CaptionTrack, prefix: String, quiet: Bool) {
        guard !quiet else { return }
        for line in Self.lines(for: track, prefix: prefix) where lock.withLock({ said.insert(line).inserted }) {
            SceneLoading.printError(line)
        }
    }

    /// Prints the warnings of a scene's captions, if it has any, unless `quiet`.
    func print(for scene: Scene, file: String, quiet: Bool) {
        guard let captions = scene.captions else { return }
        print(captions.track, prefix: "\(file): captions.source: \(captions.source)", quiet: quiet)
    }
}
#endif
