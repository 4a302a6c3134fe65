import CCairo
import Foundation

/// What an outer renderer of a stack drew of one layout: each piece of text with the context
/// state it was drawn in, for the renderers after it to draw through.
///
/// Renderers of a stack each walk the whole layout. The first ones do not draw text; their
/// draws are recorded here, and when the last renderer draws a glyph, it is drawn once for
/// every recorded piece that holds it, in that piece's transform, opacity, filters and clip
/// composed with the last renderer's own.
final class TextRecording {
    /// One piece of text as an outer renderer drew it.
    struct Piece {
        /// Indices of the glyphs in the whole layout.
        var glyphs: Range<Int>
        /// The state it was drawn in (with no recording of its own).
        var context: GraphicsContext
        /// Per-glyph offsets, aligned with `glyphs`, when drawn with `offsettingGlyphsBy`.
        var offsets: [CGSize]?
        /// The drawing options it was drawn with; they hold for what passes through it.
        var options: Text.Layout.DrawingOptions = []
    }

    let storage: LayoutStorage
    private(set) var pieces: [Piece] = []
    /// For each glyph of the layout, the pieces that hold it, in drawing order: built once the
    /// recording is complete.
    private var piecesByGlyph: [[Int32]]?

    init(storage: LayoutStorage) {
        self.storage = storage
    }

    func append(_ piece: Piece) {
        guard !piece.glyphs.isEmpty else { return }
        pieces.append(piece)
        piecesByGlyph = nil
    }

    /// Indices of the pieces that hold any glyph of `range`, in drawing order.
    func pieces(intersecting range: Range<Int>) -> [Int] {
        if pieces.count == 1 { return pieces[0].glyphs.overlaps(range) ? [0] : [] }
        let index = piecesByGlyph ?? buildIndex()
        var found = Set<Int32>()
        var result: [Int] = []
        for glyph in range.clamped(to: 0..<index.count) {
            for piece in index[glyph] where found.insert(piece).inserted { result.append(Int(piece)) }
        }
        return result.sorted()
    }

    private func buildIndex() -> [[Int32]] {
        var index = [[Int32]](repeating: [], count: storage.glyphs.count)
        for (i, piece) in pieces.enumerated() {
            for glyph in piece.glyphs.clamped(to: 0..<index.count) { index[glyph].append(Int32(i)) }
        }
        piecesByGlyph = index
        return index
    }
}
