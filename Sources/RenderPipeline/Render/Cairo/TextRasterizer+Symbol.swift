import Foundation

extension TextRasterizer {
    /// Draws a symbol's glyph in its box: the glyph run carries the span's paint; a renderer's
    /// `paint` (a `fill` effect) replaces it, as it does for the text's glyphs.
    static func drawSymbol(_ symbol: SymbolBox, in frame: CGRect, paint: Paint?, on cairo: CairoContext) {
        guard let layout = symbol.layout else { return }
        cairo.withTranslation(frame.minX + symbol.glyphOffset.width, frame.minY + symbol.glyphOffset.height) {
            for line in layout {
                for run in line { draw(run, paint: paint, on: cairo) }
            }
        }
    }

    /// Draws an image's alpha as a mask filled with `paint` (SwiftUI's template rendering mode).
    ///
    /// On an SVG or PDF page, a monochrome SVG (a formula, an alert's icon) in a flat colour is
    /// drawn as its own paths in that colour, so it stays vectors in both; any other template
    /// goes through `drawTemplateOnSVG`.
    static func drawTemplate(_ image: Image, in frame: CGRect, paint: Paint, bounds: CGRect, on cairo: CairoContext) {
        guard let source = image.source, frame.width > 0, frame.height > 0 else { return }
        if cairo.isVector, case .color(let color) = paint, image.presentation.contentMode == nil, image.presentation.clipShape == nil,
           source.drawFilled(in: frame, color: color, on: cairo) { return }
        if cairo.isVector, drawTemplateOnSVG(source, in: frame, paint: paint, bounds: bounds, on: cairo) { return }
        cairo.paint(through: { image.draw(in: frame, on: cairo) }) {
            cairo.setSource(paint, bounds: bounds.isNull || bounds.isEmpty ? frame : bounds)
        }
    }
}
