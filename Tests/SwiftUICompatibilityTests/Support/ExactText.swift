import RenderPipeline

/// The text as laid out, glyph by glyph with `.disablesSubpixelQuantization`: the control for
/// renderers that draw slices at exact positions.
struct ExactText: TextRenderer {
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            for run in line {
                for slice in run { ctx.draw(slice, options: .disablesSubpixelQuantization) }
            }
        }
    }
}
