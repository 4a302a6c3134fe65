import Foundation

/// One glyph of a run, with the run it belongs to.
public struct Glyph: Sendable {
    let storage: LayoutStorage
    /// Index of this glyph in the whole layout, in visual order.
    public let index: Int

    var record: LayoutStorage.GlyphRecord { storage.glyphs[index] }

    /// The run this glyph belongs to.
    public var run: Run { Run(storage: storage, index: record.run, scope: .all) }

    /// The font's glyph id.
    public var glyphID: UInt32 { record.id }

    /// Pen origin on the baseline, advance width, and the run's ascent and descent.
    public var typographicBounds: TypographicBounds {
        let r = record
        let runBounds = storage.runs[r.run].bounds
        return TypographicBounds(origin: CGPoint(x: r.x, y: runBounds.origin.y), width: r.advance,
                                 ascent: runBounds.ascent, descent: runBounds.descent)
    }

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
    public var lineIndex: Int { storage.runs[record.run].line }

    /// Whether nothing is drawn for this glyph (spaces, line breaks). An inline box's glyph has
    /// no outline either, but its box is drawn: see `isInlineBox`.
    public var isEmpty: Bool { record.isEmpty }

    /// Whether this glyph is an image or tag box (its run's `inlineBox`).
    public var isInlineBox: Bool { storage.styles[storage.runs[record.run].style].inlineBox != nil }

    /// The image or tag box this glyph draws, placed at the glyph's pen position.
    public var inlineBoxFrame: CGRect? {
        storage.styles[storage.runs[record.run].style].inlineBox.map { box in
            box.frame(at: CGPoint(x: record.x, y: storage.runs[record.run].bounds.origin.y))
        }
    }
}
