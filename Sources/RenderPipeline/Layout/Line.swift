import Foundation

extension TextLayout {
    /// One line of a layout, as SwiftUI's `Text.Layout.Line`: a collection of runs in visual order.
    public struct Line: RandomAccessCollection, Equatable, Sendable {
        let storage: LayoutStorage
        /// Index of this line in the whole layout.
        public let index: Int
        let scope: TextLayout.Scope
        /// How far `origin` was moved from where the layout put the line: drawing the line draws it there.
        var displacement = CGSize.zero

        init(storage: LayoutStorage, index: Int, scope: TextLayout.Scope) {
            self.storage = storage
            self.index = index
            self.scope = scope
        }

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

        /// The line's origin on the baseline, width, ascent, descent and leading (its line spacing).
        public var typographicBounds: TypographicBounds {
            var bounds = record.bounds
            bounds.leading = Swift.max(0, record.logicalRect.height - bounds.ascent - bounds.descent)
            return bounds
        }

        /// Where the line starts on its baseline. Setting it moves the line: `draw(_:)` draws it
        /// at the new origin, as in SwiftUI.
        public var origin: CGPoint {
            get {
                let o = record.bounds.origin
                return CGPoint(x: o.x + displacement.width, y: o.y + displacement.height)
            }
            set {
                let o = record.bounds.origin
                displacement = CGSize(width: newValue.x - o.x, height: newValue.y - o.y)
            }
        }

        /// Pango's logical rectangle for the line, which includes line spacing.
        public var logicalRect: CGRect { record.logicalRect }

        /// UTF-8 offsets of the line's characters in the layout's text.
        public var characterRange: Range<Int> { record.utf8Range }

        /// The line's characters.
        public var text: Substring { storage.substring(record.utf8Range) }

        public static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.storage === rhs.storage && lhs.index == rhs.index && lhs.scope == rhs.scope && lhs.displacement == rhs.displacement
        }
    }
}

/// The name lines had before they moved into `Text.Layout`.
public typealias Line = TextLayout.Line
