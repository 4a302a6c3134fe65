/// Why librsvg, which SVG images need, could not be loaded.
enum SVGLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `library` could not be opened; `reason` is the dynamic loader's explanation.
    case missing(library: String, reason: String)
    /// `library` lacks the functions of librsvg 2.52.
    case tooOld(library: String)

    var description: String {
        switch self {
        case .missing(let library, let reason): "SVG images need \(library) (Debian package librsvg2-2): \(reason)"
        case .tooOld(let library): "\(library) is older than 2.52, which SVG images need"
        }
    }
}
