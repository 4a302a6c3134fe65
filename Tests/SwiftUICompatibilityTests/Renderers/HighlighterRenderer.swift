import RenderPipeline

/// Marks a run to be drawn over a highlighter stroke of `color`.
struct Highlight: TextAttribute {
    var color: Color = .yellow
}

/// Draws a rounded box of the run's colour behind every run marked `Highlight`.
///
/// The "highlight behind an attributed run" pattern: the box is the run's typographic bounds
/// (`typographicBounds.rect`), widened a little, filled with `RoundedRectangle.path(in:)` before
/// the run is drawn over it.
///
/// Asserted (`HighlighterRendererTests`): the box's pixels fill the run's typographic bounds;
/// everything else is the plain text.
struct HighlighterRenderer: TextRenderer {
    var horizontalPadding: CGFloat = 3
    var cornerRadius: CGFloat = 4

    /// The box drawn behind `run`.
    func box(for run: Text.Layout.Run) -> CGRect {
        run.typographicBounds.rect.insetBy(dx: -horizontalPadding, dy: 0)
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            for run in line {
                if let highlight = run[Highlight.self] {
                    let shape = RoundedRectangle(cornerRadius: cornerRadius, style: .continuous)
                    ctx.fill(shape.path(in: box(for: run)), with: .color(highlight.color))
                }
                ctx.draw(run)
            }
        }
    }
}
