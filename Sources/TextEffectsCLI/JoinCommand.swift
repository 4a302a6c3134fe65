// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects join PARTS… --out VIDEO`: joins the videos `render --shard K/N` wrote into one,
/// without re-encoding.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join video parts (render --shard K/N --format mp4|mov|webm) into one video, in the order given, without re-encoding.",
        discussion: """
            Every part's frames are copied as they are, once each, in order: the joined video has the sum of the parts' frames, \
            their frame rate and their total length. The parts must come from the same scene settings: same codec, picture size, \
            pixel format, alpha, frame rate and codec parameters. H.264 parts join into .mp4 or .mov, ProRes into .mov, VP9 into \
            .webm. A missing, unreadable, empty, non-video or mismatched part, or an --out that cannot be written, exits with \
            status 2 naming it, and writes nothing.
            """
    )

    @Argument(help: ArgumentHelp("The parts, in order.", valueName: "part"))
    var parts: [String]

    @Option(help: "The joined video: .mp4, .mov or .webm, the parts' container.")
    var out: String

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if out.isEmpty { throw ValidationError("--out needs a file name ending in .mp4, .mov or .webm") }
    }

    func run() throws {
        let start = Date()
        let frames: Int
        do {
            frames = try VideoJoin.join(parts, to: out, isCancelled: { Interruption.isRequested })
        } catch {
            try Interruption.exitIfRequested()
            throw error
        }
        // The joined video is renamed into place: a signal from now on does not fail the join.
        Interruption.outputCommitted()
        // The summary goes to a log as well as to a terminal, as render's and batch's do.
        if !quiet {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            SceneLoading.printError("joined \(parts.count) part\(parts.count == 1 ? "" : "s"), \(frames) frames, into \(out) in \(seconds) s")
        }
    }
}
#endif
