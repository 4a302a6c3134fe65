import RenderPipeline

/// Turns the hue of each glyph a step further than the glyph before it.
///
/// The per-slice colour pattern of rainbow text: every slice of every run, counted across the
/// whole layout, drawn through its own copy of the context with a `.hueRotation` filter.
///
/// Asserted (`HueCyclingRendererTests`): the colour at each glyph's ink is red turned by 0°, 120°,
/// 240°.
struct HueCyclingRenderer: TextRenderer {
    var step: Angle = .degrees(120)

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let slices = layout.flatMap { line in line }.flatMap { run in run }
        for (index, slice) in slices.enumerated() {
            var copy = ctx
            copy.addFilter(.hueRotation(.degrees(step.degrees * Double(index))))
            copy.draw(slice)
        }
    }
}
