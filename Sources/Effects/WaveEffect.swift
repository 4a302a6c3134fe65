import Foundation
import RenderPipeline

/// Glyphs ride a travelling sine wave: y offset = amplitude · sin(2π (x / wavelength − speed · t)).
public struct WaveEffect: SceneEffect {
    public static let name = "wave"
    public static let summary = "glyphs ride a travelling sine wave"

    public var amplitude: Keyframed<Double>
    /// Points per cycle along x.
    public var wavelength: Double
    /// Cycles per second.
    public var speed: Double
    public var selector: TextSelector

    public init(amplitude: Keyframed<Double> = .constant(4), wavelength: Double = 80, speed: Double = 1, selector: TextSelector = .all) {
        self.amplitude = amplitude
        self.wavelength = wavelength
        self.speed = speed
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(amplitude: parameters.animatable("amplitude", default: 4, in: -1000...1000, help: "peak offset in points; keyframable"),
                  wavelength: parameters.number("wavelength", default: 80, in: 1...100_000, help: "points per cycle along the line"),
                  speed: parameters.number("speed", default: 1, in: -100...100, help: "cycles per second"),
                  selector: parameters.selector(default: .all))
    }

    /// The y offset of a glyph whose origin is at `x`, at time `t`.
    public func offset(x: Double, time t: Double) -> Double {
        offset(x: x, time: t, amplitude: amplitude.value(at: t))
    }

    /// The same with the frame's amplitude already looked up (once per draw, not per glyph).
    private func offset(x: Double, time t: Double, amplitude a: Double) -> Double {
        a * sin(2 * .pi * (x / wavelength - speed * t))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let time = context.time
        let a = amplitude.value(at: time)
        for (part, selected) in selector.segments(of: layout) {
            guard selected else {
                context.draw(part)
                continue
            }
            for run in part.runs {
                context.draw(run) { CGSize(width: 0, height: offset(x: $0.typographicBounds.origin.x, time: time, amplitude: a)) }
            }
        }
    }

    public var displayPadding: EdgeInsets {
        EdgeInsets(top: amplitude.largestMagnitude, leading: 0, bottom: amplitude.largestMagnitude, trailing: 0)
    }
}
