import RenderPipeline

/// Backs every glyph with its tint's standard gradient and underlines each line with a progress
/// bar: a faded track and, over it, the stretch done so far.
///
/// The SwiftUI shape-style and path pattern: `.style(tint.gradient.opacity(0.5))` for the glyph
/// backs, `.style(tint.tertiary)` for the track, and `trimmedPath(from: 0, to: progress)` turned
/// into a fillable outline with `strokedPath` for the progress, all as an iOS 18 renderer
/// writes them.
///
/// Asserted (`ProgressUnderlineRendererTests`): the backs fade from a lighter tint at the top to
/// the tint at the bottom at half opacity; the track is the tint at 30 %; the progress covers
/// the line up to `progress` of its width, with a round cap, and no further.
struct ProgressUnderlineRenderer: TextRenderer {
    var progress: Double
    var tint: Color = .blue
    var barColor: Color = .red

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            for run in line {
                for slice in run {
                    let box = slice.typographicBounds.rect
                    ctx.fill(Path(roundedRect: box, cornerRadius: 4), with: .style(tint.gradient.opacity(0.5)))
                }
            }
            let bounds = line.typographicBounds.rect
            let bar = Path { path in
                path.move(to: CGPoint(x: bounds.minX, y: bounds.maxY + 8))
                path.addLine(to: CGPoint(x: bounds.maxX, y: bounds.maxY + 8))
            }
            ctx.stroke(bar, with: .style(tint.tertiary), style: StrokeStyle(lineWidth: 4, lineCap: .round))
            let done = bar.trimmedPath(from: 0, to: progress)
            ctx.fill(done.strokedPath(StrokeStyle(lineWidth: 4, lineCap: .round)), with: .style(barColor))
            ctx.draw(line)
        }
    }
}
