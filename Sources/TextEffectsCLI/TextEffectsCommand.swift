// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects`: renders text scenes to frames; `validate` and `effects` as subcommands.
struct TextEffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "texteffects",
        abstract: "Render rich text with per-line, per-run and per-glyph effects to PNG frames.",
        discussion: "Scene format: docs/SCENE-FORMAT.md in the texteffects repository. Bad scenes exit with status 2 and one line per problem.",
        version: TextEffectsCLI.version,
        subcommands: [RenderCommand.self, ValidateCommand.self, MeasureCommand.self, EffectsCommand.self, FontsCommand.self, SchemaCommand.self, CaptionsCommand.self, BatchCommand.self, JoinCommand.self, StreamTimingCommand.self]
            + previewSubcommand,
        defaultSubcommand: RenderCommand.self
    )

    /// Like `ParsableCommand.main()`, but bad arguments exit with status 2 like bad scenes.
    static func main() {
        // A dead ffmpeg pipe must surface as a write error, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM stop the work and remove unfinished files (exit 130 / 143).
        Interruption.install()
        // fontconfig's start-up (a few ms) overlaps argument parsing and reading the scene.
        FontLibrary.preload()
        do {
            var command = try parseAsRoot()
            try command.run()
            try Interruption.exitIfRequestedAfterRun()
        } catch {
            ErrorReport.exit(with: error, command: self)
        }
    }
}

/// `preview` and `serve`, where the package trait `Preview` (on by default) brought the server stack in.
#if Preview
private let previewSubcommand: [any ParsableCommand.Type] = [PreviewCommand.self, ServeCommand.self]
#else
private let previewSubcommand: [any ParsableCommand.Type] = []
#endif
#endif
