import RenderPipeline

/// Marks the part of a text that should stay hidden until revealed.
struct Spoiler: TextAttribute {}

/// Blurs the runs marked `Spoiler` and draws the rest as laid out.
///
/// The common "spoiler"/redaction pattern: a custom `TextAttribute` read back with
/// `run[Spoiler.self]`, and a copy of the context with a `.blur(radius:)` filter for those runs.
///
/// Asserted (`SpoilerBlurRendererTests`): pixels outside the marked run are the plain text's byte for
/// byte; inside they are blurred.
struct SpoilerBlurRenderer: TextRenderer {
    var radius: CGFloat = 6

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            for run in line {
                if run[Spoiler.self] != nil {
                    var copy = ctx
                    copy.addFilter(.blur(radius: radius))
                    copy.draw(run)
                } else {
                    ctx.draw(run)
                }
            }
        }
    }
}
