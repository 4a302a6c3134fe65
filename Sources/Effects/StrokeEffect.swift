import RenderPipeline

/// Outlines the selected glyphs; the outline grows outward under the fill.
public struct StrokeEffect: SceneEffect {
    public static let name = "stroke"
    public static let summary = "outlines the selected glyphs"

    public var width: Keyframed<Double>
    package var paint: Paint
    public var selector: TextSelector

    package init(width: Keyframed<Double> = .constant(2), paint: Paint = .color(.black), selector: TextSelector = .all) {
        self.width = width
        self.paint = paint
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(width: parameters.animatable("width", default: 2, in: 0...200, help: "outline width in points; keyframable"),
                  paint: parameters.paint("color", default: .color(.black), help: "outline color or gradient") ?? .color(.black),
                  selector: parameters.selector(default: .all))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let w = width.value(at: context.time)
        for (part, selected) in selector.segments(of: layout) {
            var copy = context
            if selected { copy.glyphStroke = (paint, w) }
            copy.draw(part)
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(all: width.largestMagnitude) }
}
