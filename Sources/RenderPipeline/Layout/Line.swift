import Foundation

/// One line of a layout: a collection of runs in visual order.
public struct Line: RandomAccessCollection, Sendable {
    let storage: LayoutStorage
    /// Index of this line in the whole layout.
    public let index: Int
    let scope: TextLayout.Scope

    private var record: LayoutStorage.LineRecord { storage.lines[index] }

    private var runIndices: Range<Int> {
        switch scope {
        case .all, .line: return record.runs
        case .run(let r): return r..<(r + 1)
        case .glyphs(let g):
            guard let first = g.first else { return 0..<0 }
            let r = storage.glyphs[first].run
            return r..<(r + 1)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { runIndices.count }
    public subscript(position: Int) -> Run {
        Run(storage: storage, index: runIndices.lowerBound + position, scope: scope)
    }

    /// The line's origin on the baseline, width, ascent and descent.
    public var typographicBounds: TypographicBounds { record.bounds }

    /// Pango's logical rectangle for the line, which includes line spacing.
    public var logicalRect: CGRect { record.logicalRect }

    /// UTF-8 offsets of the line's characters in the layout's text.
    public var characterRange: Range<Int> { record.utf8Range }

    /// The line's characters.
    public var text: Substring { storage.substring(record.utf8Range) }
}
