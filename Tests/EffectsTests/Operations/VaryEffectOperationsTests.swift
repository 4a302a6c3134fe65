import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Vary's operations: glyphs with the axis values of their unit at the time (on the effect's grid).
@Suite struct VaryEffectOperationsTests {
    let weight = Keyframed<Double>.keyframes([Keyframe(time: 0, value: 100), Keyframe(time: 1, value: 900)])

    @Test(arguments: [(0.0, 100.0), (2.0, 900.0)])
    func everyGlyphTakesTheValueAtTheTime(time: Double, value: Double) throws {
        let layout = operationLayout("Weight")
        let list = try operations(layout, VaryEffect(axes: ["wght": weight], unit: .glyph, stagger: 0.1), time: time)
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations { #expect(operation.fontVariations == ["wght": value]) }
        // Units of equal values share one operation.
        #expect(list.glyphOperations.count == 1)
        #expect(drawnPositions(list).count == layout.storage.glyphs.count)
    }

    @Test func staggeredUnitsDifferMidway() throws {
        let layout = operationLayout("ab")
        let vary = VaryEffect(axes: ["wght": weight], unit: .glyph, stagger: 0.25)
        let list = try operations(layout, vary, time: 0.5)
        let values = list.glyphOperations.map { $0.fontVariations["wght"]! }
        #expect(values.count == 2)
        // The first glyph is further along; each value lies on the 6.25-point grid near the curve's.
        #expect(values[0] > values[1])
        for (i, value) in values.enumerated() {
            #expect(abs(value - vary.variations(unitIndex: i, time: 0.5)["wght"]!) <= 6.25 / 2 + 1e-9)
        }
    }
}
