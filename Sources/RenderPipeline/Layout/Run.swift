import Foundation

extension TextLayout {
    /// Glyphs with one font, one direction and one run style, as SwiftUI's `Text.Layout.Run`:
    /// a collection of one-glyph slices in visual order.
    public struct Run: RandomAccessCollection, Equatable, Sendable {
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

        /// The glyph at `position` as a one-glyph slice, as iterating a run gives it.
        public subscript(position: Int) -> RunSlice {
            let glyph = glyphIndices.lowerBound + position
            return RunSlice(storage: storage, run: index, glyphs: glyph..<(glyph + 1))
        }

        /// The glyphs at `bounds` (positions in this run) as a slice, as SwiftUI's `run[a..<b]`.
        public subscript(bounds: Range<Int>) -> RunSlice {
            let first = glyphIndices.lowerBound
            return RunSlice(storage: storage, run: index, glyphs: (first + bounds.lowerBound)..<(first + bounds.upperBound))
        }

        /// Index of the line this run is on.
        public var lineIndex: Int { record.line }

        public var typographicBounds: TypographicBounds { record.bounds }

        /// Where each glyph's characters start in the text, one per glyph.
        public var characterIndices: [CharacterIndex] {
            storage.glyphs[glyphIndices].map { CharacterIndex(utf8Offset: $0.utf8Range.lowerBound) }
        }

        /// Which way the run's text flows.
        public var layoutDirection: LayoutDirection { record.isRightToLeft ? .rightToLeft : .leftToRight }

        /// UTF-8 offsets of the run's characters in the layout's text.
        public var characterRange: Range<Int> { record.utf8Range }

        /// The run's characters.
        public var text: Substring { storage.substring(record.utf8Range) }

        package var font: Font.Resolved { storage.fonts[record.font] }

        /// Whether the run's text flows right to left (its glyphs are still listed left to right).
        public var isRightToLeft: Bool { record.isRightToLeft }

        /// The style, link and custom attributes the run's characters carry.
        package var runStyle: RunStyle { storage.styles[record.style] }

        package var style: ResolvedStyle { runStyle.style }

        /// The URL of the link the run belongs to, if any.
        public var link: String? { runStyle.link }

        package var attributes: AttributeSet { runStyle.attributes }

        /// The custom attribute of this type on the run, as SwiftUI's `run[MyAttribute.self]`.
        public subscript<T: TextAttribute>(type: T.Type) -> T? { runStyle.attributes[type] }

        /// The custom attribute of this type, decoded from scene JSON when it came from a scene.
        public subscript<T: TextAttribute & Decodable>(type: T.Type) -> T? { runStyle.attributes[type] }

        /// The image or tag this run shows, drawn as one box per glyph (each glyph is its U+FFFC).
        package var inlineBox: InlineBox? { runStyle.inlineBox }

        /// Left and right edges of the glyphs this run (or fragment) holds.
        var glyphSpan: (minX: Double, maxX: Double) {
            let range = glyphIndices
            guard let first = range.first, let last = range.last else { return (0, 0) }
            let g = storage.glyphs
            return (g[first].x, g[last].x + g[last].advance)
        }

        /// Pango's logical rectangle of the run's line, which backgrounds fill vertically.
        var lineRect: CGRect { storage.lines[lineIndex].logicalRect }

        /// The rectangle a gradient fill of this run spans.
        public var paintBounds: CGRect { record.paintBounds }

        public static func == (lhs: Run, rhs: Run) -> Bool {
            lhs.storage === rhs.storage && lhs.index == rhs.index && lhs.glyphIndices == rhs.glyphIndices
        }
    }
}

/// The name runs had before they moved into `Text.Layout`.
public typealias Run = TextLayout.Run
