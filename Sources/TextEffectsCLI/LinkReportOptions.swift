// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// The render command's link-report options: `--links FILE`, `--links-overlay`, `--no-frames`
/// and the impression thresholds.
struct LinkReportOptions: ParsableArguments {
    @Option(name: .customLong("links"), help: ArgumentHelp("Write the link report (where every link landed, frame by frame, and impressions) to this JSON file.", valueName: "file"))
    var file: String?

    @Flag(name: .customLong("links-overlay"), help: "Outline every visible link on the frames, labelled with its id and visible ratio.")
    var overlay = false

    @Flag(name: .customLong("no-frames"), help: "Write only the link report (needs --links); render no images.")
    var noFrames = false

    @Option(help: "Visible fraction of a link (above 0, at most 1) from which it counts as in view (default: the scene's analytics, else 0.5).")
    var impressionRatio: Double?

    @Option(help: "Seconds a link must stay in view to count as an impression (default: the scene's analytics, else 1).")
    var impressionSeconds: Double?

    func validate() throws {
        if let impressionRatio, !(impressionRatio > 0 && impressionRatio <= 1) {
            throw ValidationError("--impression-ratio must be above 0 and at most 1, not \(impressionRatio)")
        }
        if let impressionSeconds, !(impressionSeconds >= 0 && impressionSeconds <= 86400) {
            throw ValidationError("--impression-seconds must be between 0 and 86400, not \(impressionSeconds)")
        }
        if noFrames && file == nil { throw ValidationError("--no-frames needs --links FILE: without frames the report is the only output") }
        if noFrames && overlay { throw ValidationError("--links-overlay draws on frames, which --no-frames does not render") }
        if file?.isEmpty == true { throw ValidationError("--links needs a file name") }
    }

    /// The command line's thresholds over the scene's.
    func apply(to scene: inout Scene) {
        if let impressionRatio { scene.analytics.impressionRatio = impressionRatio }
        if let impressionSeconds { scene.analytics.impressionSeconds = impressionSeconds }
    }

    /// Starts the report file when `--links` was given; a place it cannot be written exits 2.
    func makeWriter(for renderer: SceneRenderer, tracker: LinkTracker, frameCount: Int) throws -> LinkReportWriter? {
        guard let file else { return nil }
        let url = URL(fileURLWithPath: file)
        do {
            return try LinkReportWriter(url: url, scene: renderer.scene, tracker: tracker, frameCount: frameCount)
        } catch {
            throw CommandFailure.input(error, at: "--links")
        }
    }
}
#endif
