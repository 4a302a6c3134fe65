import Foundation

/// A laid-out symbol: the icon's glyph in the symbol font, in the span's colour, inside its
/// em square (the box), as a run exposes it to renderers.
package struct SymbolBox: Hashable, Sendable {
    /// The name the span gave (`heart.fill` or `favorite`).
    public var name: String
    public var scale: Image.Scale
    /// The icon's one glyph laid out in `SymbolCatalog.fontFamily` at the symbol's size, origin
    /// at its top-left; `nil` when the name is unknown (nothing is drawn, as in SwiftUI).
    public var layout: TextLayout?
    /// Where the layout's top-left corner sits inside the box.
    public var glyphOffset: CGSize

    public init(name: String, scale: Image.Scale, layout: TextLayout?, glyphOffset: CGSize) {
        self.name = name
        self.scale = scale
        self.layout = layout
        self.glyphOffset = glyphOffset
    }

    public static func == (a: SymbolBox, b: SymbolBox) -> Bool {
        a.name == b.name && a.scale == b.scale && a.glyphOffset == b.glyphOffset
            && a.layout?.storage === b.layout?.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(scale)
    }
}
