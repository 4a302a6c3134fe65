import RenderPipeline

/// Paints the glyphs with a horizontal gradient across the text instead of their colour.
///
/// The gradient-text pattern: `clipToLayer` with the lines drawn into it makes the glyphs the
/// clip, then a rectangle over the text's bounds is filled with a `.linearGradient` shading.
///
/// Asserted (`GradientInkRendererTests`): fully covered pixels take the gradient's colour at their x;
/// the rest stays white.
struct GradientInkRenderer: TextRenderer {
    var colors: [Color] = [.red, .blue]

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let bounds = layout.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
        ctx.clipToLayer { glyphs in
            for line in layout {
                glyphs.draw(line)
            }
        }
        ctx.fill(Rectangle().path(in: bounds),
                 with: .linearGradient(Gradient(colors: colors),
                                       startPoint: CGPoint(x: bounds.minX, y: bounds.midY),
                                       endPoint: CGPoint(x: bounds.maxX, y: bounds.midY)))
    }
}
