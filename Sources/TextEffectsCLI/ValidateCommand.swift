// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import Foundation
import TextEffects

/// `texteffects validate SCENE.json`: checks a scene and writes nothing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file; print every problem with its JSON path (exit 2) or nothing (exit 0)."
    )

    @Argument(help: "The scene file.")
    var scene: String

    @OptionGroup var locale: LocaleOption

    @OptionGroup(title: "Asset paths") var assets: AssetPathOptions
    @OptionGroup(title: "Template") var template: TemplateOptions
    @OptionGroup(title: "Fonts") var fonts: FontOptions
    @Option(help: "Also check the canvas against this render format's largest frame (gif, apng, webp, mp4, mov, webm: what ffmpeg's encoder takes), as render --format does.")
    var format: String?

    func validate() throws {
        if let format, AnimationFormat(rawValue: format) == nil {
            throw ValidationError("--format must be one of \(AnimationFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \(format)")
        }
    }

    func run() throws {
        // With --locale all, every language is checked and every problem printed once.
        var lines: [String] = []
        var printed: Set<String> = []
        for locale in try locale.locales(of: scene, assets: assets.policy) {
            var decoder = SceneDecoder(effects: .commandLine)
            decoder.locale = locale
            decoder.assetPolicy = assets.policy
            decoder.templateValues = template.values
            // Nothing is drawn: each image is decoded, checked and let go, one at a time.
            decoder.releasesImagePixels = true
            decoder.format = format.flatMap(AnimationFormat.init(rawValue:))
            do {
                let scene = try decoder.decode(contentsOf: URL(fileURLWithPath: scene), displayName: scene)
                ImageWarnings.shared.print(for: scene, file: self.scene, quiet: false)
                // Layout catches what JSON cannot: fonts folders fontconfig rejects, no fonts at
                // all, families that are not installed (warned about, or errors when strict).
                let fonts = try self.fonts.library(for: scene, file: self.scene)
                let renderer = try SceneLoading.prepare(self.scene) { try SceneRenderer(scene: scene, cutsCaptions: true, fonts: fonts) }
                // An auto height, known once laid out, is held to --format's encoder as render holds it.
                if scene.canvas.isHeightAuto, let format = decoder.format, let problem = renderer.scene.canvas.pixelSizeProblem(format: format) {
                    throw CommandFailure.input("\(self.scene): canvas.height: \"auto\" gives a canvas that \(problem)")
                }
            } catch let error as SceneError {
                lines += error.description.split(separator: "\n").map(String.init).filter { printed.insert($0).inserted }
            } catch let failure as CommandFailure where failure.cause == .input {
                lines.append(failure.message)
            }
        }
        if !lines.isEmpty { throw CommandFailure.input(lines.joined(separator: "\n")) }
    }
}
#endif
