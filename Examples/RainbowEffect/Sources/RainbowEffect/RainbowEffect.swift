import Foundation
import TextEffects

/// Paints each grapheme a hue of the rainbow, cycling over time: a plug-in effect written
/// against texteffects' public API alone.
///
/// Register it next to the built-ins and scenes can name it:
/// `{"type": "rainbow", "spread": 24, "speed": 0.5}`.
public struct RainbowEffect: SceneEffect {
    public static let name = "rainbow"
    public static let summary = "paints each grapheme a rainbow hue that cycles over time"

    // Each parameter stated once: decoding, listings and the initialiser's defaults read these.
    public static let spread = EffectParameter.number("spread", default: 24, in: -360...360, help: "degrees of hue between graphemes")
    public static let speed = EffectParameter.number("speed", default: 0.5, in: -100...100, help: "turns of the color wheel per second")
    public static let saturation = EffectParameter.number("saturation", default: 0.8, in: 0...1, help: "0 gray … 1 vivid")
    public static let brightness = EffectParameter.number("brightness", default: 0.95, in: 0...1, help: "0 black … 1 bright")
    public static let select = EffectParameter.select(default: .all)

    /// Degrees of hue between neighbouring graphemes.
    public var spread: Double
    /// Turns of the color wheel per second.
    public var speed: Double
    public var saturation: Double
    public var brightness: Double
    public var selector: TextSelector

    public init(spread: Double = Self.spread.defaultValue, speed: Double = Self.speed.defaultValue,
                saturation: Double = Self.saturation.defaultValue, brightness: Double = Self.brightness.defaultValue,
                selector: TextSelector = Self.select.defaultValue) {
        self.spread = spread
        self.speed = speed
        self.saturation = saturation
        self.brightness = brightness
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(spread: parameters.value(of: Self.spread), speed: parameters.value(of: Self.speed),
                  saturation: parameters.value(of: Self.saturation), brightness: parameters.value(of: Self.brightness),
                  selector: parameters.value(of: Self.select))
    }

    /// The color of grapheme `index` at `time`.
    public func color(index: Int, time: Double) -> Color {
        var hue = (Double(index) * spread / 360 + time * speed).truncatingRemainder(dividingBy: 1)
        if hue < 0 { hue += 1 }
        return Self.hsv(hue, saturation, brightness)
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        // The unselected parts as they are; each selected glyph in its hue.
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            for glyph in part.glyphs {
                var copy = context
                copy.foregroundPaint = .color(color(index: glyph.graphemeRange.lowerBound, time: context.time))
                copy.draw(glyph)
            }
        }
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> Color {
        let sector = h * 6
        let i = Int(sector) % 6
        let f = sector - Double(Int(sector))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch i {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        return Color(red: r, green: g, blue: b)
    }
}
