import RenderPipeline

/// Fades the whole text as one image, so glyphs that overlap do not darken each other.
///
/// The `drawLayer` pattern: set `opacity` on a copy of the context, then draw every slice into
/// one layer, which is composited once with that opacity.
///
/// Asserted (`GhostRendererTests`): no pixel is darker than the opacity allows, though glyphs overlap.
struct GhostRenderer: TextRenderer {
    var opacity: Double = 0.5

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        var copy = ctx
        copy.opacity = opacity
        copy.drawLayer { layer in
            for line in layout {
                for run in line {
                    for slice in run {
                        layer.draw(slice)
                    }
                }
            }
        }
    }
}
