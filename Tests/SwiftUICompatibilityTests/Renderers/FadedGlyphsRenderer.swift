import RenderPipeline

/// Fades every glyph on its own: where glyphs overlap, the overlap is darker.
///
/// The plain `opacity` pattern without a layer: each slice is drawn through a faded copy of the
/// context, so each one is composited separately (the counterpart of `GhostRenderer`).
///
/// Asserted (`GhostRendererTests`): (the control for `GhostRenderer`) overlaps come out darker than one
/// glyph.
struct FadedGlyphsRenderer: TextRenderer {
    var opacity: Double = 0.5

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        var copy = ctx
        copy.opacity = opacity
        for line in layout {
            for run in line {
                for slice in run {
                    copy.draw(slice)
                }
            }
        }
    }
}
