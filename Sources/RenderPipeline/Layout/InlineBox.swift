import Foundation

/// An image, tag or symbol laid out as one atomic box in a line (a U+FFFC character whose Pango shape
/// attribute gives the box's size), as a run exposes it to renderers.
///
/// Renderers that move a run or glyph move its box too: the box is drawn where its glyph is.
package struct InlineBox: Hashable, Sendable {
    /// What the box shows.
    public enum Content: Hashable, Sendable {
        case image(Image)
        case tag(TagBox)
        /// A named icon from the symbol font (`Image(systemName:)`).
        case symbol(SymbolBox)
    }

    public var content: Content
    /// The box relative to its glyph's pen position on the baseline, y down: `minY` is minus the
    /// height above the baseline, `maxY` the depth below it (negative when raised clear of it).
    public var rect: CGRect
    /// The text the box stands for in plain-text export.
    public var alt: String
    /// Which span of the text the box came from; keeps equal-looking boxes in runs of their own.
    public var spanIndex: Int

    public init(content: Content, rect: CGRect, alt: String, spanIndex: Int) {
        self.content = content
        self.rect = rect
        self.alt = alt
        self.spanIndex = spanIndex
    }

    /// The box for a glyph whose pen position is `origin` (on the baseline).
    public func frame(at origin: CGPoint) -> CGRect {
        rect.offsetBy(dx: origin.x, dy: origin.y)
    }
}
