import Foundation
import TextEffects

/// The last few glyphs hop in turn, like a chat app's typing dots.
public struct BounceEffect: SceneEffect {
    public static let name = "bounce"
    public static let summary = "the last N glyphs hop in turn (typing dots)"

    public static let count = EffectParameter.integer("count", default: 3, in: 1...1000, help: "how many of the last glyphs bounce")
    public static let amplitude = EffectParameter.number("amplitude", default: 6, in: -1000...1000, help: "hop height in points")
    public static let period = EffectParameter.number("period", default: 1.2, in: 0.01...3600, help: "seconds per cycle")
    public static let select = EffectParameter.select(default: .all)

    public var count: Int
    public var amplitude: Double
    /// Seconds per full cycle of all dots.
    public var period: Double
    public var selector: TextSelector

    public init(count: Int = Self.count.defaultValue, amplitude: Double = Self.amplitude.defaultValue,
                period: Double = Self.period.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.count = count
        self.amplitude = amplitude
        self.period = period
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(count: parameters.value(of: Self.count), amplitude: parameters.value(of: Self.amplitude),
                  period: parameters.value(of: Self.period), selector: parameters.value(of: Self.select))
    }

    /// How high (points, up) the `index`-th of the bouncing glyphs is at `time`.
    public func lift(index: Int, time: Double) -> Double {
        // Each glyph hops during 40 % of the cycle, starting 15 % of a cycle after the previous one.
        var phase = (time / period - Double(index) * 0.15).truncatingRemainder(dividingBy: 1)
        if phase < 0 { phase += 1 }
        return phase < 0.4 ? amplitude * sin(.pi * phase / 0.4) : 0
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let time = context.time
        let segments = selector.segments(of: layout)
        // The last `count` visible glyphs of the selection, in logical order.
        let candidates = segments.filter(\.isSelected).flatMap { $0.part.glyphs.filter { !$0.isInvisible } }
            .sorted { $0.graphemeRange.lowerBound < $1.graphemeRange.lowerBound }
        let bouncing = Array(candidates.suffix(count))
        let order = Dictionary(uniqueKeysWithValues: bouncing.enumerated().map { ($1.index, $0) })
        context.drawSegments(segments) { part, context in
            guard part.glyphs.contains(where: { order[$0.index] != nil }) else {
                context.draw(part)
                return
            }
            for run in part.runs {
                context.draw(run) { glyph in CGSize(width: 0, height: order[glyph.index].map { -lift(index: $0, time: time) } ?? 0) }
            }
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(top: abs(amplitude), leading: 0, bottom: 0, trailing: 0) }
}
