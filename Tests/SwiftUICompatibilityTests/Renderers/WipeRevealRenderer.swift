import RenderPipeline

/// Reveals the text from left to right behind a soft edge as `progress` goes from 0 to 1.
///
/// The `clipToLayer` reveal pattern: the mask is a rectangle filled with a linear gradient from
/// opaque to clear, whose edge sweeps across the text's typographic bounds.
///
/// Asserted (`WipeRevealRendererTests`): left of the edge the plain text, right of the soft edge
/// nothing; 0 empty, 1 plain.
struct WipeRevealRenderer: TextRenderer {
    var progress: Double
    var feather: CGFloat = 24

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    /// Where the soft edge starts (fully revealed to its left) for text spanning `bounds`.
    func edge(in bounds: CGRect) -> CGFloat {
        bounds.minX - feather + (bounds.width + feather) * progress
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let bounds = layout.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
        let start = edge(in: bounds)
        ctx.clipToLayer { mask in
            mask.fill(Rectangle().path(in: bounds.insetBy(dx: -feather, dy: -feather)),
                      with: .linearGradient(Gradient(colors: [.black, .clear]),
                                            startPoint: CGPoint(x: start, y: 0),
                                            endPoint: CGPoint(x: start + feather, y: 0)))
        }
        for line in layout {
            ctx.draw(line)
        }
    }
}
