import TextEffects

/// Outlines the selected glyphs; the outline grows outward under the fill.
public struct StrokeEffect: SceneEffect {
    public static let name = "stroke"
    public static let summary = "outlines the selected glyphs"

    public static let width = EffectParameter.animatable("width", default: 2, in: 0...200, help: "outline width in points; keyframable")
    public static let color = EffectParameter.paint("color", default: .color(.black), help: "outline color, gradient or image")
    public static let select = EffectParameter.select(default: .all)

    public var width: Keyframed<Double>
    public var paint: Paint
    public var selector: TextSelector

    public init(width: Keyframed<Double> = Self.width.defaultValue, paint: Paint = Self.color.defaultValue,
                selector: TextSelector = Self.select.defaultValue) {
        self.width = width
        self.paint = paint
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(width: parameters.value(of: Self.width), paint: parameters.value(of: Self.color), selector: parameters.value(of: Self.select))
    }

    /// Whether what the effect draws differs from frame to frame. Only a keyframed width follows the time.
    public var changesOverTime: Bool { !width.isConstant }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let w = width.value(at: context.time)
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            context.glyphStroke = (paint, w)
            context.draw(part)
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(all: width.largestMagnitude) }
}
