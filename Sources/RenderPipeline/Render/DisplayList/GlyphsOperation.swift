import Foundation

/// Glyphs of a layout drawn where the layout put them (each moved by its offset, when given),
/// with the paint, outline and font variations of the context that drew them.
package struct GlyphsOperation {
    let storage: LayoutStorage
    /// Indices of the glyphs in the whole layout (all in one run).
    package var glyphs: Range<Int>
    /// Per-glyph offsets (operation coordinates), aligned with `glyphs`.
    package var offsets: [CGSize]?
    /// The paint replacing the runs' own colours, or nil for the run's colour.
    package var paint: Paint?
    /// The outline stroked under the fill, when set.
    package var stroke: (paint: Paint, width: Double)?
    package var fontVariations: [String: Double]
    /// Whether glyph outlines are filled at their exact position (`.disablesSubpixelQuantization`).
    package var exactPositions: Bool
    package var state: DrawState

    /// The characters the glyphs stand for, in the order drawn.
    package var text: String {
        glyphs.map { storage.substring(storage.glyphs[$0].utf8Range) }.joined()
    }

    /// Each glyph's pen position on the baseline, offset applied, in frame points.
    package var framePositions: [CGPoint] {
        glyphs.enumerated().map { i, g in
            let glyph = storage.glyphs[g]
            let offset = offsets?[i] ?? .zero
            let point = CGPoint(x: glyph.x + offset.width, y: storage.runs[glyph.run].bounds.origin.y + offset.height)
            return state.framePoint(point)
        }
    }

    /// The pen position of the first glyph on the baseline, as laid out, in frame points.
    package var frameOrigin: CGPoint { framePositions.first ?? .zero }
}
