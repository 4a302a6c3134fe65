import RenderPipeline

/// Slants every line about its baseline origin and indents each line more than the one above.
///
/// The transform pattern: a `CGAffineTransform` built by composing translations and a shear,
/// applied with `concatenate` on a copy of the context, so glyphs keep their shapes' relation to
/// the baseline (the baseline stays put, the top leans right by `shear` × height).
///
/// Asserted (`SlantedLinesRendererTests`): the indent moves a line's pixels exactly; the shear moves
/// rows by shear × height.
struct SlantedLinesRenderer: TextRenderer {
    var shear: CGFloat = 0
    var indentPerLine: CGFloat = 0

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for (index, line) in layout.enumerated() {
            let origin = line.typographicBounds.origin
            let slant = CGAffineTransform(a: 1, b: 0, c: -shear, d: 1, tx: 0, ty: 0)
            let transform = CGAffineTransform(translationX: -origin.x, y: -origin.y)
                .concatenating(slant)
                .concatenating(CGAffineTransform(translationX: origin.x + indentPerLine * CGFloat(index), y: origin.y))
            var copy = ctx
            copy.concatenate(transform)
            copy.draw(line)
        }
    }
}
