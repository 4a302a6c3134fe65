import Foundation

/// The immutable, Pango-free result of one layout, shared by every view onto it.
///
/// Lines, runs and glyphs are flat arrays; `TextLayout`, `Line`, `Run` and `Glyph` are cheap
/// views holding this object and indices, so renderers can slice and pass them around per frame.
package final class LayoutStorage: Sendable {
    struct LineRecord: Sendable {
        var bounds: TypographicBounds
        /// The line's logical rectangle (Pango's), which includes line spacing.
        var logicalRect: CGRect
        var runs: Range<Int>
        var utf8Range: Range<Int>
    }

    package struct RunRecord: Sendable {
        var line: Int
        var bounds: TypographicBounds
        var glyphs: Range<Int>
        var utf8Range: Range<Int>
        var font: Int
        package var style: Int
        var isRightToLeft: Bool
        /// The area a gradient fill spans: the union of runs of the same style on the layout.
        var paintBounds: CGRect
    }

    struct GlyphRecord: Sendable {
        var id: UInt32
        var run: Int
        /// Pen position on the baseline.
        var x: Double
        var advance: Double
        /// Offset of the drawn glyph from the pen position (y down).
        var offsetX: Double
        var offsetY: Double
        var utf8Range: Range<Int>
        /// Whether nothing is drawn for this glyph (a space or control character's empty glyph).
        var isEmpty: Bool
        /// Whether the font has no glyph for the character (Pango's hex box).
        var isMissing: Bool
        /// Grapheme clusters (logical order) the glyph's cluster covers: one, or several for a ligature.
        var graphemes: Range<Int>
        /// The word (logical order) the glyph's cluster starts in.
        var word: Int
    }

    let text: String
    let lines: [LineRecord]
    package let runs: [RunRecord]
    let glyphs: [GlyphRecord]
    let fonts: [Font.Resolved]
    package let styles: [RunStyle]
    let size: CGSize
    /// The text's own extent: the widest line by the height of all lines.
    let textSize: CGSize
    /// Where glyphs put ink (Pango's ink extents), which can reach past the lines' boxes.
    let inkRect: CGRect
    let isTruncated: Bool
    /// The text's extent and line count with no line limit or frame height (the expanded state).
    let untruncatedSize: CGSize
    let untruncatedLineCount: Int
    let graphemeCount: Int
    let wordCount: Int
    /// Every link with its rectangle per line, in text order.
    let links: [TextLink]
    /// A document's elements in reading order, its decorations, and each line's innermost
    /// element; all empty for plain text.
    let elements: [TextLayout.DocumentElement]
    let decorations: [TextLayout.Decoration]
    let lineElements: [Int]
    /// Lines as a line limit counts them: a document's table row counts its tallest cell's lines once.
    let visualLineCount: Int
    /// The scale and tightening the text was fitted at, when its options asked for fitting.
    let fit: TextFit?
    /// When a streamed text's graphemes arrived, as the frame drawing it sees them; nil for
    /// text that does not stream.
    package let arrival: TextArrival?

    init(text: String, lines: [LineRecord], runs: [RunRecord], glyphs: [GlyphRecord], fonts: [Font.Resolved],
         styles: [RunStyle], size: CGSize, textSize: CGSize, inkRect: CGRect = .null, isTruncated: Bool,
         untruncatedSize: CGSize, untruncatedLineCount: Int, graphemeCount: Int, wordCount: Int, links: [TextLink] = [],
         elements: [TextLayout.DocumentElement] = [], decorations: [TextLayout.Decoration] = [], lineElements: [Int] = [],
         visualLineCount: Int? = nil, fit: TextFit? = nil, arrival: TextArrival? = nil) {
        self.fit = fit
        self.arrival = arrival
        self.visualLineCount = visualLineCount ?? lines.count
        self.elements = elements
        self.decorations = decorations
        self.lineElements = lineElements
        self.graphemeCount = graphemeCount
        self.wordCount = wordCount
        self.links = links
        self.textSize = textSize
        self.inkRect = inkRect
        self.untruncatedSize = untruncatedSize
        self.untruncatedLineCount = untruncatedLineCount
        self.text = text
        self.lines = lines
        self.runs = runs
        self.glyphs = glyphs
        self.fonts = fonts
        self.styles = styles
        self.size = size
        self.isTruncated = isTruncated
    }

    /// The same layout as drawn at a frame of a stream: `arrival` says which text is new.
    /// Shares every record with `self`.
    package func with(arrival: TextArrival) -> LayoutStorage {
        LayoutStorage(text: text, lines: lines, runs: runs, glyphs: glyphs, fonts: fonts, styles: styles, size: size, textSize: textSize,
                      inkRect: inkRect, isTruncated: isTruncated, untruncatedSize: untruncatedSize,
                      untruncatedLineCount: untruncatedLineCount, graphemeCount: graphemeCount, wordCount: wordCount, links: links,
                      elements: elements, decorations: decorations, lineElements: lineElements, visualLineCount: visualLineCount,
                      fit: fit, arrival: arrival)
    }

    /// The text with each inline box's U+FFFC replaced by the box's `alt`.
    var exportedText: String {
        let boxes = runs.filter { styles[$0.style].inlineBox != nil }.sorted { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }
        guard !boxes.isEmpty else { return text }
        var result = ""
        var cursor = 0
        for run in boxes where run.utf8Range.lowerBound >= cursor {
            result += substring(cursor..<run.utf8Range.lowerBound)
            let alt = styles[run.style].inlineBox!.alt
            for character in substring(run.utf8Range) {
                result += character == "\u{FFFC}" ? alt : String(character)
            }
            cursor = run.utf8Range.upperBound
        }
        result += substring(cursor..<text.utf8.count)
        return result
    }

    /// Whether line `index` belongs to an element of one of `kinds`, or to something inside one.
    func lineBelongs(_ index: Int, toAnyOf kinds: Set<MarkdownElement>) -> Bool {
        guard index < lineElements.count else { return false }
        var current: Int? = lineElements[index]
        while let element = current, element >= 0, element < elements.count {
            if kinds.contains(elements[element].kind) { return true }
            current = elements[element].parent
        }
        return false
    }

    /// The characters in a UTF-8 range of the text.
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return text[lower..<upper]
    }
}
