// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import Foundation
import TextEffects

/// The whole `texteffects` command line for a program of your own, with your effects beside the
/// built-in ones.
///
/// Every subcommand — `render`, `validate`, `measure`, `effects`, `captions`, `batch`, `join`,
/// `preview`, `schema` — accepts scenes that name your effects, reads their parameters with the
/// same checks and JSON-path errors as the built-ins', and lists them:
///
/// ```swift
/// // Sources/my-texteffects/main.swift
/// import TextEffectsCLI
///
/// TextEffectsCLI.main(effects: [GradientJitter.self])
/// ```
public enum TextEffectsCLI {
    /// The version of texteffects: `--version` prints it, and the README, the documentation
    /// catalog and CHANGELOG.md give the same one (a test holds them to it).
    public static let version = "0.2.0"

    /// Parses the process's arguments, runs the command they name and exits.
    ///
    /// An effect whose `name` is already taken, by a built-in effect or by another effect in
    /// `effects`, stops the program before any work with a message naming both types (exit 2).
    public static func main(effects: [any SceneEffect.Type] = []) -> Never {
        // Effects go in before anything reads the registry: parsing, threads, the preview.
        switch EffectRegistry.builtIn.adding(effects) {
        case .success(let registry):
            EffectRegistry.commandLine = registry
        case .failure(let conflict):
            FileHandle.standardError.write(Data("\(CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "texteffects"): \(conflict)\n".utf8))
            exit(FailureCause.input.status.rawValue)
        }
        TextEffectsCommand.main()
        exit(0)
    }
}

extension EffectRegistry {
    /// The effects the command line's scenes may name: the built-ins and the program's own.
    // Written once, by `TextEffectsCLI.main` before any argument is parsed or thread started;
    // only read afterwards.
    nonisolated(unsafe) static var commandLine: EffectRegistry = .builtIn
}
#endif
