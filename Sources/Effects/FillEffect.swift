import Foundation
import RenderPipeline

/// Paints the selected glyphs with one color or one gradient spanning the whole selection.
public struct FillEffect: SceneEffect {
    public static let name = "fill"
    public static let summary = "paints the selected glyphs with a color or a gradient across the selection"

    public static let color = EffectParameter.paint("color", default: .linearGradient(LinearGradient(colors: [
        Color(red: 1, green: 0.18, blue: 0.33), Color(red: 0.35, green: 0.34, blue: 0.84),
    ])), help: "color, or {\"linearGradient\": {colors, angle}} across the selection")
    public static let select = EffectParameter.select(default: .all)

    public var paint: Paint
    public var selector: TextSelector

    public init(paint: Paint = Self.color.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.paint = paint
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(paint: parameters.value(of: Self.color), selector: parameters.value(of: Self.select))
    }

    /// Whether what the effect draws differs from frame to frame. One paint, fixed to the selection: nothing here reads the time.
    public var changesOverTime: Bool { false }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let segments = selector.segments(of: layout)
        let bounds = segments.filter(\.isSelected).reduce(CGRect.null) { $0.union($1.part.typographicBounds) }
        let fixed = Self.pinned(paint, to: bounds)
        context.drawSegments(segments) { part, context in
            context.foregroundPaint = fixed
            context.draw(part)
        }
    }

    /// A gradient fixed to `bounds`, so every piece of the selection shares one sweep.
    static func pinned(_ paint: Paint, to bounds: CGRect) -> Paint {
        guard case .linearGradient(var gradient) = paint, gradient.startPoint == nil, !bounds.isNull else { return paint }
        let radians = gradient.angle * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        let half = (abs(dx) * bounds.width + abs(dy) * bounds.height) / 2
        gradient.startPoint = CGPoint(x: bounds.midX - dx * half, y: bounds.midY - dy * half)
        gradient.endPoint = CGPoint(x: bounds.midX + dx * half, y: bounds.midY + dy * half)
        return .linearGradient(gradient)
    }
}
