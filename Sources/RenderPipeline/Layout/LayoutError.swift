/// Why the fonts for a text could not be set up, one case per cause.
package enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// fontconfig could not load its own configuration.
    case fontConfigurationUnloadable
    /// A fonts folder the scene names is missing or is a file.
    case fontsNotAFolder(String)
    /// fontconfig refused to read the fonts in a folder.
    case fontsUnreadable(folder: String)
    /// fontconfig finds no font at all, so nothing could be drawn.
    case noFonts

    public var description: String {
        switch self {
        case .fontConfigurationUnloadable: "fonts: fontconfig could not load its configuration"
        case .fontsNotAFolder(let folder): "fonts: \(folder) is not a folder"
        case .fontsUnreadable(let folder): "fonts: fontconfig could not read fonts in \(folder)"
        case .noFonts: "fonts: fontconfig finds no fonts, so no text could be drawn (is FONTCONFIG_FILE right? install fonts-dejavu-core)"
        }
    }
}
