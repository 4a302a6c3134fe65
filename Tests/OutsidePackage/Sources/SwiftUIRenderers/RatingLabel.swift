// Text built the way app code builds it, then drawn by a renderer: a symbol inline by
// interpolation, a LocalizedStringKey parameter, a dash-dot underline, and a gauge's arc swept
// with Angle arithmetic from the edge it starts on.
import SwiftUI

enum RatingLabel {
    /// "4 ★ from 120 reviews", the star inline, the count underlined with dashes and dots.
    static func text(stars: Int, reviews: Int, caption: LocalizedStringKey = "reviews") -> Text {
        let count = Text("\(reviews)").underline(pattern: .dashDot, color: .orange)
        return Text("\(stars) \(Image(systemName: "star.fill")) from \(count) ") + Text(caption)
    }
}

/// Draws the text, then an arc over it from the leading or trailing edge, as far as `progress`.
struct GaugeArcRenderer: TextRenderer {
    var progress: Double
    var startEdge: Edge = .leading

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        for line in layout { context.draw(line) }
        guard let bounds = layout.first?.typographicBounds.rect else { return }
        let start: Angle = startEdge == .leading ? .degrees(180) : .zero
        let sweep = Angle.degrees(180) * progress
        var arc = Path()
        arc.addArc(center: CGPoint(x: bounds.midX, y: bounds.maxY), radius: bounds.width / 2,
                   startAngle: start, endAngle: startEdge == .leading ? start + sweep : start - sweep,
                   clockwise: startEdge != .leading)
        context.stroke(arc, with: .color(.green), lineWidth: 3)
    }
}
