import Foundation
import TextEffects

/// Glyphs ride a travelling sine wave: y offset = amplitude · sin(2π (x / wavelength − speed · t)).
public struct WaveEffect: SceneEffect {
    public static let name = "wave"
    public static let summary = "glyphs ride a travelling sine wave"

    public static let amplitude = EffectParameter.animatable("amplitude", default: 4, in: -1000...1000, help: "peak offset in points; keyframable")
    public static let wavelength = EffectParameter.number("wavelength", default: 80, in: 1...100_000, help: "points per cycle along the line")
    public static let speed = EffectParameter.number("speed", default: 1, in: -100...100, help: "cycles per second")
    public static let select = EffectParameter.select(default: .all)

    public var amplitude: Keyframed<Double>
    /// Points per cycle along x.
    public var wavelength: Double
    /// Cycles per second.
    public var speed: Double
    public var selector: TextSelector

    public init(amplitude: Keyframed<Double> = Self.amplitude.defaultValue, wavelength: Double = Self.wavelength.defaultValue,
                speed: Double = Self.speed.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.amplitude = amplitude
        self.wavelength = wavelength
        self.speed = speed
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(amplitude: parameters.value(of: Self.amplitude), wavelength: parameters.value(of: Self.wavelength),
                  speed: parameters.value(of: Self.speed), selector: parameters.value(of: Self.select))
    }

    /// The y offset of a glyph whose origin is at `x`, at time `t`.
    public func offset(x: Double, time t: Double) -> Double {
        offset(x: x, time: t, amplitude: amplitude.value(at: t))
    }

    /// The same with the frame's amplitude already looked up (once per draw, not per glyph).
    private func offset(x: Double, time t: Double, amplitude a: Double) -> Double {
        a * sin(2 * .pi * (x / wavelength - speed * t))
    }

    /// Whether what the effect draws differs from frame to frame. The wave travels unless `speed` is 0 (a fixed curve); a keyframed amplitude changes too.
    public var changesOverTime: Bool { speed != 0 || !amplitude.isConstant }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let time = context.time
        let a = amplitude.value(at: time)
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            for run in part.runs {
                context.draw(run) { CGSize(width: 0, height: offset(x: $0.typographicBounds.origin.x, time: time, amplitude: a)) }
            }
        }
    }

    public var displayPadding: EdgeInsets {
        EdgeInsets(top: amplitude.largestMagnitude, leading: 0, bottom: amplitude.largestMagnitude, trailing: 0)
    }
}
