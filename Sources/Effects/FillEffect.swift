import Foundation
import TextEffects

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
        // One sweep across the whole selection, however many pieces it is drawn in.
        let fixed = paint.pinned(to: bounds)
        context.drawSegments(segments) { part, context in
            context.foregroundPaint = fixed
            context.draw(part)
        }
    }
}
