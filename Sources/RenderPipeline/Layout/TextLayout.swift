import Foundation

/// A laid-out text, as SwiftUI's `Text.Layout`: a collection of lines, each a collection of
/// runs, each a collection of glyphs, with their typographic bounds and attributes.
///
/// A layout may also be a *fragment*: one line, run or glyph of a larger layout, with positions
/// unchanged. Stacked renderers pass fragments down to the next renderer, so a renderer's
/// `draw(layout:in:)` sees either the whole text or the part another renderer handed on.
public struct TextLayout: RandomAccessCollection, Equatable, Sendable {
    enum Scope: Hashable, Sendable {
        case all
        case line(Int)
        case run(Int)
        /// Some consecutive glyphs of one run.
        case glyphs(Range<Int>)
    }

    package let storage: LayoutStorage
    let scope: Scope

    init(storage: LayoutStorage, scope: Scope = .all) {
        self.storage = storage
        self.scope = scope
    }

    /// The layout holding just this line.
    public init(_ line: Line) { self.init(storage: line.storage, scope: line.scope == .all ? .line(line.index) : line.scope) }
    /// The layout holding just this run.
    public init(_ run: Run) {
        if case .glyphs = run.scope { self.init(storage: run.storage, scope: run.scope) }
        else { self.init(storage: run.storage, scope: .run(run.index)) }
    }
    /// The layout holding just this glyph.
    public init(_ glyph: Glyph) { self.init(storage: glyph.storage, scope: .glyphs(glyph.index..<(glyph.index + 1))) }

    /// The layout holding the glyphs of `run` at positions `range` (0-based within the run), e.g.
    /// the selected part of a run, so it can be drawn (or filtered) as one piece.
    public init(_ run: Run, glyphs range: Range<Int>) {
        let first = run.glyphIndices.lowerBound
        let lower = first + Swift.min(Swift.max(range.lowerBound, 0), run.count)
        let upper = first + Swift.min(Swift.max(range.upperBound, range.lowerBound), run.count)
        self.init(storage: run.storage, scope: .glyphs(lower..<upper))
    }

    private var lineIndices: Range<Int> {
        switch scope {
        case .all: return 0..<storage.lines.count
        case .line(let l): return l..<(l + 1)
        case .run(let r): let l = storage.runs[r].line; return l..<(l + 1)
        case .glyphs(let g):
            guard let first = g.first else { return 0..<0 }
            let l = storage.runs[storage.glyphs[first].run].line
            return l..<(l + 1)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { lineIndices.count }
    public subscript(position: Int) -> Line {
        Line(storage: storage, index: lineIndices.lowerBound + position, scope: scope)
    }

    /// Whether both are the same layout (or the same part of it).
    public static func == (lhs: TextLayout, rhs: TextLayout) -> Bool {
        lhs.storage === rhs.storage && lhs.scope == rhs.scope
    }

    /// Whether this is a part of a layout rather than the whole text.
    public var isFragment: Bool { scope != .all }

    /// What part of the layout this is.
    public enum Extent: Sendable {
        case whole, line, run
        /// One or more consecutive glyphs of one run.
        case glyphs
    }

    public var extent: Extent {
        switch scope {
        case .all: .whole
        case .line: .line
        case .run: .run
        case .glyphs: .glyphs
        }
    }

    /// Whether text was cut to fit a line limit or the frame (ellipsis token shown).
    public var isTruncated: Bool { storage.isTruncated }

    /// The size of the whole layout: the frame width (or the widest line without one) by the text height (or the frame's).
    public var size: CGSize { storage.size }

    /// The text's own extent: the widest line by the height of all lines (with truncation applied).
    public var textSize: CGSize { storage.textSize }

    /// Where the glyphs put ink, which italics, accents and tall scripts can take past the
    /// lines' typographic boxes.
    public var inkBounds: CGRect { storage.inkRect }

    /// The extent the text would need with no line limit or frame height: the expanded "…more" state.
    public var untruncatedSize: CGSize { storage.untruncatedSize }

    /// The number of lines the text would take with no line limit or frame height.
    public var untruncatedLineCount: Int { storage.untruncatedLineCount }

    /// The scale and tightening the text was shrunk by to fit (`minimumScaleFactor`,
    /// `allowsTightening`): the identity when it fit as it was; `nil` when fitting was not asked for.
    package var fit: TextFit? { storage.fit }

    /// Every link of the whole layout (also of a fragment), in text order, with where its
    /// characters landed on each line: one entry per link span occurrence.
    package var links: [TextLink] { storage.links }

    /// The laid-out text, as shown.
    public var text: String { storage.text }

    /// The text as copied to the clipboard: as shown, with every image and tag replaced by its
    /// `alt` (a tag's own text unless given, nothing for an image without one), and without soft
    /// hyphens, which only say where a line may break.
    public var exportedText: String { storage.exportedText.removingSoftHyphens }

    /// The characters in a range of UTF-8 offsets, as `characterRange` values give them.
    public func text(in utf8Range: Range<Int>) -> Substring { storage.substring(utf8Range) }

    /// Every run of this layout (or fragment), line by line.
    public var runs: [Run] { flatMap { Array($0) } }

    /// Every glyph of this layout (or fragment), in visual order line by line.
    public var glyphs: [Glyph] { runs.flatMap { Array($0) } }

    /// Number of glyphs in the whole layout.
    public var glyphCount: Int { storage.glyphs.count }

    /// Number of grapheme clusters in the whole text: what `Glyph.graphemeRange` counts.
    public var graphemeCount: Int { storage.graphemeCount }

    /// Number of words in the whole text: what `Glyph.wordIndex` counts.
    public var wordCount: Int { storage.wordCount }

    /// Number of lines in the whole layout (a fragment's `count` is 1).
    public var lineCount: Int { storage.lines.count }

    /// The union of the typographic rectangles of everything in this layout (or fragment).
    public var typographicBounds: CGRect {
        switch scope {
        case .all, .line:
            return reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
        case .run, .glyphs:
            return runs.reduce(CGRect.null) { acc, run in
                run.reduce(acc) { $0.union($1.typographicBounds.rect) }
            }
        }
    }
}
