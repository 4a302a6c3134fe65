import RenderPipeline

/// Draws the text, and a "more" badge after the last line when the text was cut short.
///
/// The truncation-marker pattern: `layout.isTruncated` decides, the last line's typographic
/// bounds place a `Capsule` just past its trailing edge, vertically on its x-height.
///
/// Asserted (`TruncationBadgeRendererTests`): the badge's ink lies on the last line's trailing side,
/// only when truncated.
struct TruncationBadgeRenderer: TextRenderer {
    var color: Color = .orange
    var gap: CGFloat = 4
    var width: CGFloat = 18

    /// Where the badge goes for a layout whose last line has `bounds`.
    func badge(after bounds: Text.Layout.TypographicBounds) -> CGRect {
        let rect = bounds.rect
        return CGRect(x: rect.maxX + gap, y: bounds.origin.y - bounds.ascent * 0.6, width: width, height: bounds.ascent * 0.5)
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            ctx.draw(line)
        }
        if layout.isTruncated, let last = layout.last {
            ctx.fill(Capsule().path(in: badge(after: last.typographicBounds)), with: .color(color))
        }
    }
}
