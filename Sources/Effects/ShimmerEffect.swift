import Foundation
import TextEffects

/// A band of light sweeping across the text, as on a loading skeleton or a "slide to unlock" label.
public struct ShimmerEffect: SceneEffect {
    public static let name = "shimmer"
    public static let summary = "a highlight band sweeping across the text"

    public static let width = EffectParameter.number("width", default: 60, in: 1...100_000, help: "band width in points")
    public static let period = EffectParameter.number("period", default: 1.5, in: 0.01...3600, help: "seconds per sweep")
    public static let color = EffectParameter.color("color", default: Color(red: 1, green: 1, blue: 1, alpha: 0.85), help: "highlight color")
    public static let select = EffectParameter.select(default: .all)

    /// Width of the band in points.
    public var width: Double
    /// Seconds per sweep.
    public var period: Double
    public var color: Color
    public var selector: TextSelector

    public init(width: Double = Self.width.defaultValue, period: Double = Self.period.defaultValue, color: Color = Self.color.defaultValue,
                selector: TextSelector = Self.select.defaultValue) {
        self.width = width
        self.period = period
        self.color = color
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(width: parameters.value(of: Self.width), period: parameters.value(of: Self.period),
                  color: parameters.value(of: Self.color), selector: parameters.value(of: Self.select))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let segments = selector.segments(of: layout)
        let bounds = segments.filter(\.isSelected).reduce(CGRect.null) { $0.union($1.part.typographicBounds) }
        guard !bounds.isNull else {
            context.draw(layout)
            return
        }
        var phase = (context.time / period).truncatingRemainder(dividingBy: 1)
        if phase < 0 { phase += 1 }
        // The band travels from fully left of the text to fully right of it.
        let center = bounds.minX - width + phase * (bounds.width + 2 * width)
        let band = Paint.linearGradient(LinearGradient(colors: [color.opacity(0), color, color.opacity(0)],
                                                       from: CGPoint(x: center - width / 2, y: bounds.minY),
                                                       to: CGPoint(x: center + width / 2, y: bounds.minY)))
        context.drawSegments(segments) { part, context in
            // The glyphs as they are, then the band over their shapes alone.
            context.draw(part)
            context.foregroundPaint = band
            context.draw(part)
        }
    }
}
