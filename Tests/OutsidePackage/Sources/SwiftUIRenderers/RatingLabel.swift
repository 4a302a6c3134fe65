// Text built the way app code builds it, then drawn by a renderer: a symbol inline by
// interpolation, a LocalizedStringKey parameter, a dash-dot underline, an AttributedString with
// SwiftUI's attributes, and a gauge's arc swept with Angle arithmetic from the edge it starts on.
import SwiftUI

enum RatingLabel {
    /// A badge set from an AttributedString with SwiftUI's attributes, as app code builds one.
    static func badge(_ word: String) -> Text {
        var badge = AttributedString(word)
        badge.foregroundColor = .red
        badge.font = .custom("DejaVu Sans", size: 32).bold()
        var container = AttributeContainer()
        container.swiftUI.underlineStyle = Text.LineStyle(pattern: .solid, color: .red)
        badge.mergeAttributes(container)
        return Text(badge)
    }

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
