import TextEffects

/// A soft drop shadow under the selected text.
public struct ShadowEffect: SceneEffect {
    public static let name = "shadow"
    public static let summary = "drop shadow under the selected text"

    public static let color = EffectParameter.color("color", default: Color(red: 0, green: 0, blue: 0, alpha: 0.45), help: "shadow color")
    public static let radius = EffectParameter.animatable("radius", default: 4, in: 0...500, help: "blur radius in points; keyframable")
    public static let x = EffectParameter.number("x", default: 0, help: "horizontal offset in points")
    public static let y = EffectParameter.number("y", default: 2, help: "vertical offset in points (down)")
    public static let select = EffectParameter.select(default: .all)

    public var color: Color
    public var radius: Keyframed<Double>
    public var x: Double
    public var y: Double
    public var selector: TextSelector

    public init(color: Color = Self.color.defaultValue, radius: Keyframed<Double> = Self.radius.defaultValue,
                x: Double = Self.x.defaultValue, y: Double = Self.y.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(color: parameters.value(of: Self.color), radius: parameters.value(of: Self.radius),
                  x: parameters.value(of: Self.x), y: parameters.value(of: Self.y), selector: parameters.value(of: Self.select))
    }

    /// Whether what the effect draws differs from frame to frame. Only a keyframed radius follows the time.
    public var changesOverTime: Bool { !radius.isConstant }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let filter = Filter.shadow(color: color, radius: radius.value(at: context.time), x: x, y: y)
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            context.addFilter(filter)
            context.draw(part)
        }
    }

    /// The shadow's blur (three standard deviations of its largest radius) and its offset.
    public var displayPadding: EdgeInsets {
        let reach = 3 * radius.largestMagnitude
        return EdgeInsets(top: reach + max(-y, 0), leading: reach + max(-x, 0), bottom: reach + max(y, 0), trailing: reach + max(x, 0))
    }
}
