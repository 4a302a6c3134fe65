// A highlighter pen behind marked words, in the style of app code: gradients from a colour,
// a style's opacity and hierarchical levels on arbitrary styles.
import SwiftUI

struct MarkedAttribute: TextAttribute {}

struct MarkerHighlightRenderer<Ink: ShapeStyle>: TextRenderer {
    var ink: Ink
    var underline: Color = .blue
    var cornerRadius: CGFloat = 4

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        for line in layout {
            for run in line where run[MarkedAttribute.self] != nil {
                let rect = run.typographicBounds.rect.insetBy(dx: -3, dy: 1)
                context.fill(Path(roundedRect: rect, cornerRadius: cornerRadius), with: .style(ink.opacity(0.5)))
                var rule = Path()
                rule.move(to: CGPoint(x: rect.minX, y: rect.maxY + 2))
                rule.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY + 2))
                context.stroke(rule, with: .style(underline.secondary), lineWidth: 2)
            }
            context.draw(line)
        }
    }
}

/// The same renderer with a colour's own gradient, as `Color.yellow.gradient` reads in an app.
typealias GradientMarker = MarkerHighlightRenderer<AnyGradient>

extension MarkerHighlightRenderer where Ink == AnyGradient {
    init() { self.init(ink: Color.yellow.gradient) }
}
