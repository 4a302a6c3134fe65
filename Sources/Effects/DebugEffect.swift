import Foundation
import TextEffects

/// Draws the text, then outlines its layout: line, run and glyph boxes and baselines.
///
/// Boxes are the typographic bounds (ascent to descent over the advance), which is what a
/// renderer positions against: where the layout put each element. Renderers stacked before
/// this one move the glyphs it draws, not the layout, so the boxes stay where layout put them.
public struct DebugEffect: SceneEffect {
    public enum Box: String, CaseIterable, Sendable {
        case line, run, glyph, baseline
    }

    public static let name = "debug"
    public static let summary = "outlines line, run and glyph boxes and baselines over the text"

    public static let boxes = EffectParameter.list("boxes", default: Box.allCases, help: "which boxes to draw")
    public static let lineWidth = EffectParameter.number("lineWidth", default: 1, in: 0.1...20, help: "outline width in points")

    public var boxes: Set<Box>
    public var lineWidth: Double

    public init(boxes: Set<Box> = Set(Self.boxes.defaultValue), lineWidth: Double = Self.lineWidth.defaultValue) {
        self.boxes = boxes
        self.lineWidth = lineWidth
    }

    public init(parameters: EffectParameters) {
        self.init(boxes: Set(parameters.value(of: Self.boxes)), lineWidth: parameters.value(of: Self.lineWidth))
    }

    static let lineColor = Color(red: 0.15, green: 0.45, blue: 0.95, alpha: 0.9)
    static let runColor = Color(red: 0.1, green: 0.7, blue: 0.35, alpha: 0.9)
    static let glyphColor = Color(red: 0.95, green: 0.25, blue: 0.3, alpha: 0.7)
    static let baselineColor = Color(red: 0.85, green: 0.2, blue: 0.85, alpha: 0.9)

    /// Whether what the effect draws differs from frame to frame. The layout's boxes do not move: nothing here reads the time.
    public var changesOverTime: Bool { false }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        context.draw(layout)
        let half = lineWidth / 2
        func outline(_ rect: CGRect, _ color: Color, inset: Double) {
            context.stroke(Path(rect.insetBy(dx: inset, dy: inset)), with: color, lineWidth: lineWidth)
        }
        for line in layout {
            if boxes.contains(.line), layout.extent == .whole || layout.extent == .line {
                outline(line.typographicBounds.rect, Self.lineColor, inset: half)
            }
            for run in line {
                if boxes.contains(.run), layout.extent != .glyphs { outline(run.typographicBounds.rect, Self.runColor, inset: half + lineWidth) }
                if boxes.contains(.glyph) {
                    for glyph in run where !glyph.isInvisible {
                        outline(glyph.typographicBounds.rect, Self.glyphColor, inset: half + 2 * lineWidth)
                    }
                }
            }
            if boxes.contains(.baseline), layout.extent == .whole || layout.extent == .line {
                let b = line.typographicBounds
                var path = Path()
                path.move(to: CGPoint(x: b.origin.x, y: b.origin.y))
                path.addLine(to: CGPoint(x: b.origin.x + b.width, y: b.origin.y))
                context.stroke(path, with: Self.baselineColor, lineWidth: lineWidth, dash: [4 * lineWidth, 2 * lineWidth])
            }
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(all: lineWidth) }
}
