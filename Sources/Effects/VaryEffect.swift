import Foundation
import TextEffects

/// Animates variable-font axes (weight, width, slant…) per glyph, word or line: each unit runs
/// the keyframes `stagger` seconds after the one before it, glyphs staying where layout put them.
///
/// Fonts without an axis draw unchanged; Inter's variable font (in the pinned fonts) has `wght`
/// (100–900) and `opsz`.
public struct VaryEffect: SceneEffect {
    public static let name = "vary"
    public static let summary = "animates variable-font axes (wght, wdth, …) per glyph, word or line"

    public static let axes = EffectParameter.animatableTags("axes", required: true,
        help: "axis tag → value or keyframes, e.g. {\"wght\": [{\"t\": 0, \"value\": 100}, {\"t\": 1, \"value\": 900}]}")
    public static let unit = EffectParameter<TextSelector.Unit>.choice("unit", default: .glyph, help: "what varies together")
    public static let stagger = EffectParameter.number("stagger", default: 0.05, in: -3600...3600, help: "seconds each unit starts after the previous one")
    public static let select = EffectParameter.select(default: .all)

    /// Axis tag → its value over time, for the first unit.
    public var axes: [String: Keyframed<Double>]
    public var unit: TextSelector.Unit
    /// Seconds between one unit's keyframes and the next's.
    public var stagger: Double
    public var selector: TextSelector

    public init(axes: [String: Keyframed<Double>], unit: TextSelector.Unit = Self.unit.defaultValue, stagger: Double = Self.stagger.defaultValue,
                selector: TextSelector = Self.select.defaultValue) {
        self.axes = axes
        self.unit = unit
        self.stagger = stagger
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(axes: parameters.value(of: Self.axes), unit: parameters.value(of: Self.unit),
                  stagger: parameters.value(of: Self.stagger), selector: parameters.value(of: Self.select))
    }

    /// The axis values unit `index` (counted from the first selected one) has at `time`.
    public func variations(unitIndex index: Int, time: Double) -> [String: Double] {
        let local = time - Double(index) * stagger
        return axes.mapValues { $0.value(at: local) }
    }

    /// Steps of 1/128 of each axis's keyframed range (6 wght units of 100…900: a tenth of a
    /// pixel of stem at 160 pt): neighbouring glyphs then share values and draw together, and a
    /// value comes back often enough for its rasterised glyphs to be reused frame after frame.
    private var steps: [String: Double] {
        axes.mapValues { keys in
            let low = keys.range.lowerBound, high = keys.range.upperBound
            guard high > low else { return 0 }
            return (high - low) / 128
        }
    }

    /// The unit index of a glyph.
    func index(of glyph: Text.Layout.RunSlice) -> Int { unit.index(of: glyph) }

    /// Whether what the effect draws differs from frame to frame. Fixed axis values (no keyframes that change) give every frame the same glyphs, whatever the stagger.
    public var changesOverTime: Bool { axes.values.contains { !$0.isConstant } }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let segments = selector.segments(of: layout)
        guard let first = segments.filter(\.isSelected).flatMap({ $0.part.glyphs.map(index(of:)) }).min() else {
            context.draw(layout)
            return
        }
        // The axes in a fixed order with their keys and grid steps, worked out once a frame: a
        // unit's values are then a small array, compared element by element, and a dictionary
        // is made only for each draw (a run of glyphs sharing values), not for each unit.
        let tags = axes.keys.sorted()
        let curves = tags.map { axes[$0]! }
        let stepsByTag = steps
        let grid = tags.map { stepsByTag[$0] ?? 0 }
        let time = context.time
        /// Unit `index`'s values on the effect's grid, into `values`: `variations(unitIndex:time:)`
        /// then `quantized(_:steps:)`, without the dictionaries.
        func compute(unitIndex index: Int, into values: inout [Double]) {
            let local = time - Double(index) * stagger
            for i in curves.indices {
                let value = curves[i].value(at: local)
                let step = grid[i]
                values[i] = step > 0 ? (value / step).rounded() * step : value
            }
        }
        var startValues = [Double](repeating: 0, count: tags.count)
        var lastValues = startValues
        context.drawSegments(segments) { part, context in
            // Consecutive glyphs of one run with the same values (a unit's glyphs; and units that
            // have not started or have finished) are one draw: far fewer draws than glyphs.
            let glyphs = part.glyphs
            guard !glyphs.isEmpty else { return }
            // A unit's glyphs are consecutive: its values are worked out once.
            var lastUnit = index(of: glyphs[0])
            compute(unitIndex: lastUnit - first, into: &lastValues)
            var start = 0
            while start < glyphs.count {
                // The values of glyph `start` (its unit's, in `lastValues`).
                for i in startValues.indices { startValues[i] = lastValues[i] }
                var end = start + 1
                scan: while end < glyphs.count {
                    let unit = index(of: glyphs[end])
                    if unit != lastUnit {
                        lastUnit = unit
                        compute(unitIndex: unit - first, into: &lastValues)
                    }
                    for i in startValues.indices where lastValues[i] != startValues[i] { break scan }
                    guard glyphs[end].run == glyphs[start].run else { break }
                    end += 1
                }
                // The context is this part's own copy (drawSegments made it), drawn with each
                // group's values in turn rather than copied for each.
                var variations: [String: Double] = .init(minimumCapacity: tags.count)
                for i in tags.indices { variations[tags[i]] = startValues[i] }
                context.fontVariations = variations
                let run = glyphs[start].run
                let local = glyphs[start].index - run[0].index
                context.draw(TextLayout(run, glyphs: local..<(local + end - start)))
                start = end
            }
        }
    }
}
