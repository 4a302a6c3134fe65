import Effects
import Foundation
import TextEffects

/// The scene a preview shows and how it is read: what `render` would be given on its command line.
package struct PreviewSource: Sendable {
    /// The scene file.
    package var url: URL
    /// The name problems are reported under (as typed on the command line).
    package var displayName: String
    package var locale: String?
    package var assetPolicy: AssetPolicy
    /// `--set` values for a template scene.
    package var templateValues: [String: JSONValue]
    /// The effects the scene may name: the built-ins, and a custom CLI's own.
    package var effects: EffectRegistry

    package init(url: URL, displayName: String? = nil, locale: String? = nil, assetPolicy: AssetPolicy = AssetPolicy(),
                 templateValues: [String: JSONValue] = [:], effects: EffectRegistry = .builtIn) {
        self.url = url.standardizedFileURL
        self.displayName = displayName ?? url.lastPathComponent
        self.locale = locale
        self.assetPolicy = assetPolicy
        self.templateValues = templateValues
        self.effects = effects
    }

    /// The folder `/files/` serves from and relative paths resolve against.
    package var folder: URL { url.deletingLastPathComponent() }
}
