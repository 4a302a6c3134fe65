import Foundation

extension TextLayout {
    /// Some consecutive glyphs of one run, as SwiftUI's `Text.Layout.RunSlice`: iterating a run
    /// gives one-glyph slices, and a slice is itself a collection of one-glyph slices.
    ///
    /// Its `indices` count glyphs from the start of `run`. The per-glyph properties
    /// (`glyphID`, `position`, `graphemeRange`, …) describe the slice's first glyph, which is
    /// the only one for the slices iteration gives.
    public struct RunSlice: RandomAccessCollection, Equatable, Sendable {
        let storage: LayoutStorage
        let runIndex: Int
        /// Indices of the slice's glyphs in the whole layout.
        let glyphRange: Range<Int>

        init(storage: LayoutStorage, run: Int, glyphs: Range<Int>) {
            self.storage = storage
            runIndex = run
            glyphRange = glyphs
        }

        /// The glyphs at `indices` (counted from the start of `run`, clamped to it).
        public init(run: Run, indices: Range<Int>) {
            let all = run.record.glyphs
            let lower = all.lowerBound + Swift.min(Swift.max(indices.lowerBound, 0), all.count)
            let upper = all.lowerBound + Swift.min(Swift.max(indices.upperBound, indices.lowerBound), all.count)
            self.init(storage: run.storage, run: run.index, glyphs: lower..<Swift.max(lower, upper))
        }

        /// The whole run the slice is part of.
        public var run: Run { Run(storage: storage, index: runIndex, scope: .all) }

        /// The slice's glyph positions, counted from the start of `run`.
        public var indices: Range<Int> {
            let first = storage.runs[runIndex].glyphs.lowerBound
            return (glyphRange.lowerBound - first)..<(glyphRange.upperBound - first)
        }

        public var startIndex: Int { indices.lowerBound }
        public var endIndex: Int { indices.upperBound }

        /// The glyph at `position` (counted from the start of `run`) as a one-glyph slice.
        public subscript(position: Int) -> RunSlice {
            let glyph = storage.runs[runIndex].glyphs.lowerBound + position
            return RunSlice(storage: storage, run: runIndex, glyphs: glyph..<(glyph + 1))
        }

        /// The glyphs at `bounds` (counted from the start of `run`) as a slice.
        public subscript(bounds: Range<Int>) -> RunSlice {
            let first = storage.runs[runIndex].glyphs.lowerBound
            return RunSlice(storage: storage, run: runIndex, glyphs: (first + bounds.lowerBound)..<(first + bounds.upperBound))
        }

        /// The pen origin of the first glyph on the baseline, the advance of all of them, and the
        /// run's ascent and descent.
        public var typographicBounds: TypographicBounds {
            let runBounds = storage.runs[runIndex].bounds
            guard let first = glyphRange.first, let last = glyphRange.last else {
                return TypographicBounds(origin: runBounds.origin, width: 0, ascent: runBounds.ascent, descent: runBounds.descent)
            }
            let g = storage.glyphs
            return TypographicBounds(origin: CGPoint(x: g[first].x, y: runBounds.origin.y),
                                     width: g[last].x + g[last].advance - g[first].x,
                                     ascent: runBounds.ascent, descent: runBounds.descent)
        }

        /// Where each glyph's characters start in the text, one per glyph.
        public var characterIndices: [CharacterIndex] {
            storage.glyphs[glyphRange].map { CharacterIndex(utf8Offset: $0.utf8Range.lowerBound) }
        }

        /// The custom attribute of this type on the slice's run.
        public subscript<T: TextAttribute>(type: T.Type) -> T? { storage.styles[storage.runs[runIndex].style].attributes[type] }

        /// The custom attribute of this type, decoded from scene JSON when it came from a scene.
        public subscript<T: TextAttribute & Decodable>(type: T.Type) -> T? {
            storage.styles[storage.runs[runIndex].style].attributes[type]
        }

        public static func == (lhs: RunSlice, rhs: RunSlice) -> Bool {
            lhs.storage === rhs.storage && lhs.glyphRange == rhs.glyphRange
        }

        // MARK: The first glyph

        var record: LayoutStorage.GlyphRecord { storage.glyphs[glyphRange.lowerBound] }

        /// Index of the (first) glyph in the whole layout, in visual order.
        public var index: Int { glyphRange.lowerBound }

        /// The font's glyph id.
        public var glyphID: UInt32 { record.id }

        /// Where the glyph's outline is drawn from: the pen origin plus the shaper's offset.
        public var position: CGPoint {
            let r = record
            return CGPoint(x: r.x + r.offsetX, y: storage.runs[r.run].bounds.origin.y + r.offsetY)
        }

        /// UTF-8 offsets of the characters this glyph's cluster stands for.
        public var characterRange: Range<Int> { record.utf8Range }

        /// The characters of the glyph's cluster (a ligature's glyph gives all of them).
        public var text: Substring { storage.substring(record.utf8Range) }

        /// The grapheme clusters this glyph stands for, counted in logical order from the start of the
        /// text: one for most glyphs, several for a ligature ("ffi"), shared by the glyphs of one
        /// cluster (a base letter and its marks; an emoji ZWJ sequence is one cluster).
        public var graphemeRange: Range<Int> { record.graphemes }

        /// The word this glyph's cluster starts in, counted in logical order from the start of the text.
        public var wordIndex: Int { record.word }

        /// The line this glyph is on.
        public var lineIndex: Int { storage.runs[runIndex].line }

        /// Whether nothing is drawn for this glyph (spaces, line breaks). An inline box's glyph has
        /// no outline either, but its box is drawn: see `isInlineBox`. (`isEmpty` is the
        /// collection's: whether the slice holds no glyph.)
        public var isInvisible: Bool { glyphRange.isEmpty || record.isEmpty }

        /// Whether this glyph is an image or tag box (its run's `inlineBox`).
        public var isInlineBox: Bool { storage.styles[storage.runs[runIndex].style].inlineBox != nil }

        /// The image or tag box this glyph draws, placed at the glyph's pen position.
        public var inlineBoxFrame: CGRect? {
            storage.styles[storage.runs[runIndex].style].inlineBox.map { box in
                box.frame(at: CGPoint(x: record.x, y: storage.runs[runIndex].bounds.origin.y))
            }
        }
    }
}

/// A one-glyph slice: the name glyphs had before runs became collections of `RunSlice`.
public typealias Glyph = TextLayout.RunSlice
