import Foundation

/// A sequence of glyphs with one font, one direction and one run style; a collection of glyphs
/// in visual order.
public struct Run: RandomAccessCollection, Sendable {
    let storage: LayoutStorage
    /// Index of this run in the whole layout.
    public let index: Int
    let scope: TextLayout.Scope

    var record: LayoutStorage.RunRecord { storage.runs[index] }

    /// Indices in the whole layout of the glyphs this run (or fragment) holds.
    var glyphIndices: Range<Int> {
        if case .glyphs(let g) = scope { return g }
        return record.glyphs
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { glyphIndices.count }
    public subscript(position: Int) -> Glyph {
        Glyph(storage: storage, index: glyphIndices.lowerBound + position)
    }

    /// Index of the line this run is on.
    public var lineIndex: Int { record.line }

    public var typographicBounds: TypographicBounds { record.bounds }

    /// UTF-8 offsets of the run's characters in the layout's text.
    public var characterRange: Range<Int> { record.utf8Range }

    /// The run's characters.
    public var text: Substring { storage.substring(record.utf8Range) }

    public var font: Font { storage.fonts[record.font] }

    /// Whether the run's text flows right to left (its glyphs are still listed left to right).
    public var isRightToLeft: Bool { record.isRightToLeft }

    /// The style, link and custom attributes the run's characters carry.
    public var runStyle: RunStyle { storage.styles[record.style] }

    public var style: ResolvedStyle { runStyle.style }

    /// The URL of the link the run belongs to, if any.
    public var link: String? { runStyle.link }

    public var attributes: AttributeSet { runStyle.attributes }

    /// The custom attribute of this type on the run, as SwiftUI's `run[MyAttribute.self]`.
    public subscript<T: TextAttribute>(type: T.Type) -> T? { runStyle.attributes[type] }

    /// The custom attribute of this type, decoded from scene JSON when it came from a scene.
    public subscript<T: TextAttribute & Decodable>(type: T.Type) -> T? { runStyle.attributes[type] }

    /// The image or tag this run shows, drawn as one box per glyph (each glyph is its U+FFFC).
    public var inlineBox: InlineBox? { runStyle.inlineBox }

    /// Left and right edges of the glyphs this run (or fragment) holds.
    var glyphSpan: (minX: Double, maxX: Double) {
        guard let first = first, let last = last else { return (0, 0) }
        return (first.typographicBounds.origin.x, last.typographicBounds.origin.x + last.typographicBounds.width)
    }

    /// Pango's logical rectangle of the run's line, which backgrounds fill vertically.
    var lineRect: CGRect { storage.lines[lineIndex].logicalRect }

    /// The rectangle a gradient fill of this run spans.
    public var paintBounds: CGRect { record.paintBounds }
}
