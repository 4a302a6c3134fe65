import Foundation
import TextEffects

/// Glyphs rock about their baseline centres: angle = angle · sin(2π (x / wavelength − speed · t)).
public struct RotateEffect: SceneEffect {
    public static let name = "rotate"
    public static let summary = "glyphs rock about their baseline centres in a travelling wave"

    public static let angle = EffectParameter.animatable("angle", default: 7, in: -3600...3600, help: "largest angle in degrees; keyframable")
    public static let wavelength = EffectParameter.number("wavelength", default: 120, in: 1...100_000, help: "points per cycle along the line")
    public static let speed = EffectParameter.number("speed", default: 1, in: -100...100, help: "cycles per second (0: a fixed tilt)")
    public static let select = EffectParameter.select(default: .all)

    /// Largest angle in degrees (keyframable; a constant angle with speed 0 tilts every glyph alike).
    public var angle: Keyframed<Double>
    public var wavelength: Double
    public var speed: Double
    public var selector: TextSelector

    public init(angle: Keyframed<Double> = Self.angle.defaultValue, wavelength: Double = Self.wavelength.defaultValue,
                speed: Double = Self.speed.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.angle = angle
        self.wavelength = wavelength
        self.speed = speed
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(angle: parameters.value(of: Self.angle), wavelength: parameters.value(of: Self.wavelength),
                  speed: parameters.value(of: Self.speed), selector: parameters.value(of: Self.select))
    }

    /// The rotation in radians of a glyph whose origin is at `x`, at time `t`.
    public func radians(x: Double, time t: Double) -> Double {
        radians(x: x, time: t, degrees: angle.value(at: t))
    }

    /// The same with the frame's largest angle already looked up (once per draw, not per glyph).
    private func radians(x: Double, time t: Double, degrees: Double) -> Double {
        let wave = speed == 0 ? 1 : sin(2 * .pi * (x / wavelength - speed * t))
        return degrees * wave * .pi / 180
    }

    /// Whether what the effect draws differs from frame to frame. The wave travels unless `speed` is 0 (a fixed tilt); a keyframed angle changes too.
    public var changesOverTime: Bool { speed != 0 || !angle.isConstant }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let degrees = angle.value(at: context.time)
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            for glyph in part.glyphs where !glyph.isInvisible {
                let box = glyph.typographicBounds
                let pivot = CGPoint(x: box.origin.x + box.width / 2, y: box.origin.y)
                var copy = context
                copy.translateBy(x: pivot.x, y: pivot.y)
                copy.rotate(by: radians(x: box.origin.x, time: context.time, degrees: degrees))
                copy.translateBy(x: -pivot.x, y: -pivot.y)
                copy.draw(glyph)
            }
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(all: 12) }
}
