import RenderPipeline

/// Draws the text, and a "more" label centred just past the last line when the text was cut short.
///
/// The "…more" pattern: `layout.isTruncated` decides, and a `Text` is drawn with
/// `draw(_:at:)`, whose default anchor centres the text on the point.
///
/// Asserted (`MoreLabelRendererTests`): the label appears past the last line only when truncated
/// (centring: a known issue).
struct MoreLabelRenderer: TextRenderer {
    var label = Text("more").font(.system(size: 14)).foregroundColor(.blue)

    /// Where the label's centre goes, for a last line with `bounds`.
    func labelCenter(after bounds: Text.Layout.TypographicBounds) -> CGPoint {
        CGPoint(x: bounds.rect.maxX + 24, y: bounds.origin.y - bounds.ascent / 3)
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            ctx.draw(line)
        }
        if layout.isTruncated, let last = layout.last {
            ctx.draw(label, at: labelCenter(after: last.typographicBounds))
        }
    }
}
