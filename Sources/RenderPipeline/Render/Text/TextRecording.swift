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
        /// The `drawLayer` it was drawn in, whose filters and opacity apply to the layer as one.
        var layer: LayerGroup?
    }

    let storage: LayoutStorage
    private(set) var pieces: [Piece] = []
    /// For each glyph of the layout, the pieces that hold it, in drawing order, in one flat
    /// array (`pieceIndices[firstPiece[g]..<firstPiece[g + 1]]`): built once the recording is
    /// complete, with three allocations whatever the number of glyphs.
    private var firstPiece: [Int32] = []
    private var pieceIndices: [Int32] = []
    /// The last query each piece was found by, so a query lists a piece once without a set.
    private var seenBy: [Int32] = []
    private var query: Int32 = 0

    /// Layers of this recording's renderer put inside outer renderers' layers, made once each.
    private var nestedGroups: [Pair: LayerGroup] = [:]
    private struct Pair: Hashable { let own, outer: ObjectIdentifier }

    init(storage: LayoutStorage) {
        self.storage = storage
    }

    /// `own` (a layer this recording's renderer drew in) as a layer inside `outer`.
    func group(_ own: LayerGroup, inside outer: LayerGroup) -> LayerGroup {
        let key = Pair(own: ObjectIdentifier(own), outer: ObjectIdentifier(outer))
        if let group = nestedGroups[key] { return group }
        let group = LayerGroup(context: own.context, bounds: own.bounds, parent: outer)
        nestedGroups[key] = group
        return group
    }

    func append(_ piece: Piece) {
        guard !piece.glyphs.isEmpty else { return }
        pieces.append(piece)
        firstPiece = []
    }

    /// Indices of the pieces that hold any glyph of `range`, in drawing order.
    func pieces(intersecting range: Range<Int>) -> [Int] {
        if pieces.count == 1 { return pieces[0].glyphs.overlaps(range) ? [0] : [] }
        if firstPiece.isEmpty { buildIndex() }
        query &+= 1
        let stamp = query, first = firstPiece, indices = pieceIndices
        var result: [Int] = []
        // One access to the seen stamps for the whole query, not one per glyph.
        seenBy.withUnsafeMutableBufferPointer { seen in
            for glyph in range.clamped(to: 0..<(first.count - 1)) {
                for k in Int(first[glyph])..<Int(first[glyph + 1]) {
                    let piece = Int(indices[k])
                    if seen[piece] != stamp {
                        seen[piece] = stamp
                        result.append(piece)
                    }
                }
            }
        }
        // Glyph by glyph, pieces come out of order only where they overlap.
        if result.count > 1, zip(result, result.dropFirst()).contains(where: { $0 > $1 }) { result.sort() }
        return result
    }

    private func buildIndex() {
        let glyphs = 0..<storage.glyphs.count
        var counts = [Int32](repeating: 0, count: glyphs.count + 1)
        for piece in pieces {
            for glyph in piece.glyphs.clamped(to: glyphs) { counts[glyph + 1] += 1 }
        }
        for i in glyphs { counts[i + 1] += counts[i] }
        var next = counts
        var flat = [Int32](repeating: 0, count: Int(counts[glyphs.count]))
        for (i, piece) in pieces.enumerated() {
            for glyph in piece.glyphs.clamped(to: glyphs) {
                flat[Int(next[glyph])] = Int32(i)
                next[glyph] += 1
            }
        }
        firstPiece = counts
        pieceIndices = flat
        seenBy = [Int32](repeating: 0, count: pieces.count)
        query = 0
    }
}
