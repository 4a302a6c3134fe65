import CCairo
import Foundation

extension TextRasterizer {
    /// Draws a symbol's glyph in its box: the glyph run carries the span's paint; a renderer's
    /// `paint` (a `fill` effect) replaces it, as it does for the text's glyphs.
    static func drawSymbol(_ symbol: SymbolBox, in frame: CGRect, paint: Paint?, on cr: OpaquePointer) {
        guard let layout = symbol.layout else { return }
        cairo_save(cr)
        cairo_translate(cr, frame.minX + symbol.glyphOffset.width, frame.minY + symbol.glyphOffset.height)
        for line in layout {
            for run in line { draw(run, paint: paint, on: cr) }
        }
        cairo_restore(cr)
    }

    /// Draws an image's alpha as a mask filled with `paint` (SwiftUI's template rendering mode).
    static func drawTemplate(_ image: Image, in frame: CGRect, paint: Paint, bounds: CGRect, on cr: OpaquePointer) {
        guard let source = image.source, frame.width > 0, frame.height > 0 else { return }
        cairo_save(cr)
        cairo_push_group(cr)
        source.draw(in: frame, on: cr)
        let mask = cairo_pop_group(cr)
        GraphicsContext.setSource(paint, bounds: bounds.isNull || bounds.isEmpty ? frame : bounds, on: cr)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
    }
}
