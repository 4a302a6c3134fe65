// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects fonts [SCENE]`: the font families a scene can name, as fontconfig has them.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font families fontconfig has (with a scene: plus its fonts folders), one a line with its styles.",
        discussion: """
            What a scene's font.family can name and get: fontconfig's families (FONTCONFIG_FILE is honoured), like \
            fc-list : family style. With a scene, its fonts.directories are added, their families marked, and every family \
            the scene names that is not installed is warned about on standard error. No font at all exits with status 2.
            """
    )

    @Argument(help: "A scene whose fonts folders are added to the list.")
    var scene: String?

    @Flag(help: "Print {\"families\": [{\"family\", \"styles\", \"sceneFolder\"}]} instead of lines.")
    var json = false

    @OptionGroup(title: "Asset paths") var assets: AssetPathOptions
    @OptionGroup(title: "Template") var template: TemplateOptions

    func run() throws {
        let fonts: FontLibrary
        if let scene {
            let loaded = try SceneLoading.load(scene, assets: assets.policy, values: template.values)
            fonts = try FontOptions.library(for: loaded, file: scene, check: FontOptions.check(strict: false))
        } else {
            fonts = try FontLibrary.forScene(addingDirectories: [])
        }
        let families = fonts.installedFamilies
        if json {
            struct Listing: Encodable { var families: [InstalledFontFamily] }
            try StandardOutput.write(try LayoutDump.encode(Listing(families: families)) + Data("\n".utf8))
            return
        }
        let lines = families.map { family in
            "\(family.name): \(family.styles.joined(separator: ", "))" + (family.isFromAddedFolder ? "  (fonts.directories)" : "")
        }
        try StandardOutput.write(Data(lines.map { $0.oneMessageLine() + "\n" }.joined().utf8))
    }
}
#endif
