/// A named icon drawn as a glyph of the symbol font (Google's Material Icons), as SwiftUI's
/// `Image(systemName:)`: in the text's colour, sized with its font, centred on its cap height.
///
/// `name` is an SF Symbols name from the committed table (`heart.fill`, `globe`,
/// `square.and.arrow.up`) or a Material Icons name (`favorite`, `public`, `ios_share`).
package struct Symbol: Hashable, Sendable {
    public var name: String
    /// `nil`: medium, unless an enclosing `Text.imageScale(_:)` sets it.
    public var scale: Image.Scale?

    public init(_ name: String, scale: Image.Scale? = nil) {
        self.name = name
        self.scale = scale
    }

    /// The icon's Unicode code point in the symbol font, `nil` for an unknown name or when the
    /// symbol font's package is not installed.
    public var codepoint: Unicode.Scalar? {
        guard case .success(let catalog) = SymbolCatalog.shared else { return nil }
        return catalog.codepoint(for: name)
    }
}
