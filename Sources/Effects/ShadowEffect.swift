import RenderPipeline

/// A soft drop shadow under the selected text.
public struct ShadowEffect: SceneEffect {
    public static let name = "shadow"
    public static let summary = "drop shadow under the selected text"

    public var color: Color
    public var radius: Keyframed<Double>
    public var x: Double
    public var y: Double
    public var selector: TextSelector

    public init(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.45), radius: Keyframed<Double> = .constant(4),
                x: Double = 0, y: Double = 2, selector: TextSelector = .all) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(color: parameters.color("color", default: Color(red: 0, green: 0, blue: 0, alpha: 0.45), help: "shadow color") ?? .black,
                  radius: parameters.animatable("radius", default: 4, in: 0...500, help: "blur radius in points; keyframable"),
                  x: parameters.number("x", default: 0, help: "horizontal offset in points"),
                  y: parameters.number("y", default: 2, help: "vertical offset in points (down)"),
                  selector: parameters.selector(default: .all))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let filter = Filter.shadow(color: color, radius: radius.value(at: context.time), x: x, y: y)
        for (part, selected) in selector.segments(of: layout) {
            guard selected else {
                context.draw(part)
                continue
            }
            var copy = context
            copy.addFilter(filter)
            copy.draw(part)
        }
    }

    /// The shadow's blur (three standard deviations of its largest radius) and its offset.
    public var displayPadding: EdgeInsets {
        let reach = 3 * radius.largestMagnitude
        return EdgeInsets(top: reach + max(-y, 0), leading: reach + max(-x, 0), bottom: reach + max(y, 0), trailing: reach + max(x, 0))
    }
}
