import RenderPipeline

/// Outlines every glyph's typographic box and draws each line's baseline: a layout debugger.
///
/// The debug-overlay pattern: `Path` built from `typographicBounds` of slices and lines, stroked
/// with `.color(...)` shadings one point wide, then the text drawn over it.
///
/// Asserted (`GlyphBoxesRendererTests`): strokes lie on every glyph box's edges and on the baseline,
/// nowhere else.
struct GlyphBoxesRenderer: TextRenderer {
    var boxColor: Color = .blue
    var baselineColor: Color = .red

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            let bounds = line.typographicBounds
            let baseline = Path { path in
                path.move(to: bounds.origin)
                path.addLine(to: CGPoint(x: bounds.origin.x + bounds.width, y: bounds.origin.y))
            }
            ctx.stroke(baseline, with: .color(baselineColor), lineWidth: 1)
            for run in line {
                for slice in run {
                    ctx.stroke(Rectangle().path(in: slice.typographicBounds.rect), with: .color(boxColor), lineWidth: 1)
                }
            }
            ctx.draw(line)
        }
    }
}
