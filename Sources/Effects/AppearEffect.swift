import Foundation
import TextEffects

/// Units fade in, rise into place with a spring and sharpen, one after another: the WWDC24
/// "Appear" text transition.
public struct AppearEffect: SceneEffect {
    public static let name = "appear"
    public static let summary = "staggered per-unit fade, spring rise and unblur (WWDC24 Appear transition)"

    public static let unit = EffectParameter<TextSelector.Unit>.choice("unit", default: .line, help: "what appears at a time")
    public static let duration = EffectParameter.number("duration", default: 1, in: 0...3600, help: "seconds from the first unit starting to the last settling")
    public static let elementDuration = EffectParameter.number("elementDuration", default: 0.5, in: 0.001...3600, help: "seconds each unit takes")
    public static let offset = EffectParameter.number("offset", default: 12, in: -10_000...10_000, help: "points each unit rises from")
    public static let blur = EffectParameter.number("blur", default: 4, in: 0...500, help: "blur radius each unit starts from")
    public static let delay = EffectParameter.number("delay", default: 0, in: 0...3600, help: "seconds before the first unit starts")
    public static let select = EffectParameter.select(default: .all)

    public var unit: TextSelector.Unit
    /// Seconds from the first unit starting to the last one settling.
    public var duration: Double
    /// Seconds each unit takes.
    public var elementDuration: Double
    /// Points each unit rises from.
    public var offset: Double
    /// Blur radius each unit starts from.
    public var blur: Double
    /// Seconds before the first unit starts.
    public var delay: Double
    public var selector: TextSelector

    public init(unit: TextSelector.Unit = Self.unit.defaultValue, duration: Double = Self.duration.defaultValue,
                elementDuration: Double = Self.elementDuration.defaultValue, offset: Double = Self.offset.defaultValue,
                blur: Double = Self.blur.defaultValue, delay: Double = Self.delay.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.unit = unit
        self.duration = duration
        self.elementDuration = elementDuration
        self.offset = offset
        self.blur = blur
        self.delay = delay
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(unit: parameters.value(of: Self.unit), duration: parameters.value(of: Self.duration),
                  elementDuration: parameters.value(of: Self.elementDuration), offset: parameters.value(of: Self.offset),
                  blur: parameters.value(of: Self.blur), delay: parameters.value(of: Self.delay), selector: parameters.value(of: Self.select))
    }

    /// The unit index of a glyph.
    func index(of glyph: Text.Layout.RunSlice) -> Int { unit.index(of: glyph) }

    /// How far unit `index` of `first...last` has appeared at `time`, 0...1.
    public func progress(index: Int, first: Int, last: Int, time: Double) -> Double {
        let count = last - first + 1
        let stagger = count > 1 ? max(duration - elementDuration, 0) / Double(count - 1) : 0
        let start = delay + Double(index - first) * stagger
        return min(max((time - start) / elementDuration, 0), 1)
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let segments = selector.segments(of: layout)
        let indices = segments.filter(\.isSelected).flatMap { $0.part.glyphs.map(index(of:)) }
        guard let first = indices.min(), let last = indices.max() else {
            context.draw(layout)
            return
        }
        context.drawSegments(segments) { part, context in
            // Glyphs of one unit share a state: draw each unit's consecutive glyphs as one piece.
            let glyphs = part.glyphs
            var start = 0
            while start < glyphs.count {
                let unitIndex = index(of: glyphs[start])
                var end = start + 1
                while end < glyphs.count, index(of: glyphs[end]) == unitIndex { end += 1 }
                let p = progress(index: unitIndex, first: first, last: last, time: context.time)
                if p > 0 {
                    var copy = context
                    copy.opacity(Easing.easeOut(p))
                    copy.translateBy(x: 0, y: offset * (1 - Easing.spring(p)))
                    let radius = blur * (1 - p)
                    if radius > 0.05 { copy.addFilter(.blur(radius: radius)) }
                    let run = glyphs[start].run
                    let local = glyphs[start].index - run[0].index
                    copy.draw(TextLayout(run, glyphs: local..<(local + end - start)))
                }
                start = end
            }
        }
    }

    public var displayPadding: EdgeInsets {
        // Units rise from `offset` below (above when negative), blurred on every side.
        EdgeInsets(top: 3 * blur + max(-offset, 0), leading: 3 * blur, bottom: 3 * blur + max(offset, 0), trailing: 3 * blur)
    }
}
