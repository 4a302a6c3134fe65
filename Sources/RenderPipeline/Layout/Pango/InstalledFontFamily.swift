/// A font family fontconfig has, as `texteffects fonts` lists it.
package struct InstalledFontFamily: Hashable, Sendable, Encodable {
    /// The family's name, as a scene's `font.family` asks for it.
    package var name: String
    /// Its faces' style names, sorted ("Bold", "Book", "Oblique").
    package var styles: [String]
    /// Whether a face of it comes from a folder added for the scene (`fonts.directories`).
    package var isFromAddedFolder: Bool

    private enum CodingKeys: String, CodingKey {
        case name = "family", styles, isFromAddedFolder = "sceneFolder"
    }
}
