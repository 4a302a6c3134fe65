// A hand-drawn underline that draws itself in: Path's curve and trimming API.
import SwiftUI

struct DrawnUnderlineRenderer: TextRenderer {
    var progress: Double
    var color: Color = .red

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    var displayPadding: EdgeInsets { EdgeInsets(top: 0, leading: 4, bottom: 12, trailing: 4) }

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        for line in layout {
            context.draw(line)
            let bounds = line.typographicBounds
            let baseline = bounds.origin.y + 4
            var swoosh = Path()
            swoosh.move(to: CGPoint(x: bounds.rect.minX, y: baseline))
            swoosh.addCurve(to: CGPoint(x: bounds.rect.maxX, y: baseline),
                            control1: CGPoint(x: bounds.rect.minX + bounds.width / 3, y: baseline + 8),
                            control2: CGPoint(x: bounds.rect.maxX - bounds.width / 3, y: baseline - 2))
            let drawn = swoosh.trimmedPath(from: 0, to: progress)
            context.stroke(drawn, with: .color(color), style: StrokeStyle(lineWidth: 3, lineCap: .round))
        }
    }
}
