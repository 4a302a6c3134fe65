// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects stream-timing SCENE.json`: a developer tool, hidden from help, behind the bench's
/// streaming row: each streamed block's layout time per arrival, incremental and whole, as JSON.
struct StreamTimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream-timing",
        abstract: "Developer tool: print the seconds each arrival of each streamed block takes to lay out, incrementally and whole, as JSON.",
        discussion: """
            For Benchmarks/bench.py (docs/performance.md). Runs on the calling thread: pin it with taskset for one core. \
            Each way runs once unmeasured (warm caches), then --passes times, the two ways alternating.
            """,
        shouldDisplay: false
    )

    @Argument(help: "A scene with streamed blocks.")
    var scene: String

    @Option(help: "Measured passes over the whole stream, each way.")
    var passes = 3

    @OptionGroup(title: "Asset paths") var assets: AssetPathOptions
    @OptionGroup(title: "Fonts") var fonts: FontOptions

    func validate() throws {
        guard (1...100).contains(passes) else { throw ValidationError("--passes takes 1 to 100, not \(passes)") }
    }

    func run() throws {
        let scene = try SceneLoading.load(scene, assets: assets.policy)
        let fonts = try self.fonts.library(for: scene, file: self.scene)
        struct Output: Encodable { var blocks: [StreamLayoutTiming.Report] }
        let output = Output(blocks: StreamLayoutTiming.measure(scene, fonts: fonts, passes: passes))
        try StandardOutput.write(try JSONEncoder().encode(output) + Data("\n".utf8))
    }
}
#endif
