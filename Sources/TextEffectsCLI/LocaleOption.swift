// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import Foundation
import TextEffects

/// `--locale CODE|all`: the language a localized scene (one with `strings`) is shown in, or
/// every language of its tables, one after another.
struct LocaleOption: ParsableArguments {
    @Option(help: ArgumentHelp("Show a localized scene in this language of its string tables (e.g. de), or \"all\": every language in turn (render: OUT/<locale>/ for frames, OUT-<locale>.<ext> for animations).", valueName: "code|all"))
    var locale: String?

    var isAll: Bool { locale == "all" }

    func validate() throws {
        if let locale, locale.isEmpty || locale.count > 64 || locale.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw ValidationError("--locale must be a language tag such as de or pt-BR, or all, not \"\(locale)\"")
        }
    }

    /// The locales to run the command for: `[nil]` (the scene's own) without `--locale`, the
    /// one given, or every language of the scene's tables for `all`.
    func locales(of scene: String, assets: AssetPolicy = AssetPolicy()) throws -> [String?] {
        guard let locale else { return [nil] }
        guard isAll else { return [locale] }
        var decoder = SceneDecoder(effects: .commandLine)
        decoder.assetPolicy = assets
        let languages = try decoder.locales(contentsOf: URL(fileURLWithPath: scene), displayName: scene)
        guard !languages.isEmpty else {
            throw CommandFailure.input("\(scene): --locale all: the scene names no string tables (\"strings\"), so it has no locales")
        }
        return languages
    }
}
#endif
