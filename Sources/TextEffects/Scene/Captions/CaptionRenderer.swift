/// Draws a caption: a rounded plate behind each line, then the text with its shadow and outline.
///
/// Plates are one path (overlapping plates of neighbouring lines fill once, so a translucent
/// plate is even); the text is drawn once with the glyph stroke and shadow filter the `stroke`
/// and `shadow` effects use.
struct CaptionRenderer: TextRenderer {
    var style: CaptionStyle
    /// The frame's height in points, for lengths relative to it.
    var frameHeight: Double

    var outlineWidth: Double { style.outline.map { $0.width.points(frameHeight: frameHeight) } ?? 0 }

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        if let plate = style.plate {
            var path = Path()
            for line in layout {
                let box = line.typographicBounds.rect
                guard box.width > 0 else { continue }
                path.addRoundedRect(box.insetBy(dx: -plate.padding.width, dy: -plate.padding.height), cornerRadius: plate.cornerRadius)
            }
            if !path.isEmpty { context.fill(path, with: plate.paint) }
        }
        var text = context
        if let shadow = style.shadow {
            text.addFilter(.shadow(color: shadow.color, radius: shadow.radius, x: shadow.x, y: shadow.y))
        }
        if let outline = style.outline, outlineWidth > 0 {
            text.glyphStroke = (outline.paint, outlineWidth)
        }
        text.draw(layout)
    }

    var displayPadding: EdgeInsets {
        let plate = style.plate.map { max($0.padding.width, $0.padding.height) } ?? 0
        let shadow = style.shadow.map { 3 * $0.radius + max(abs($0.x), abs($0.y)) } ?? 0
        return EdgeInsets(all: plate + outlineWidth + shadow)
    }
}
