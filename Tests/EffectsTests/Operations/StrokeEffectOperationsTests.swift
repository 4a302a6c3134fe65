import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The stroke's operations: glyphs with an outline of the paint and the width at the time.
@Suite struct StrokeEffectOperationsTests {
    @Test(arguments: [0.0, 0.5, 1.0])
    func outlinesGlyphsWithTheWidthAtTheTime(time: Double) throws {
        let layout = operationLayout("Outline")
        let width = Keyframed<Double>.keyframes([Keyframe(time: 0, value: 1), Keyframe(time: 1, value: 5)])
        let stroke = StrokeEffect(width: width, paint: .color(.black))
        let list = try operations(layout, stroke, time: time)
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations {
            let outline = try #require(operation.stroke)
            #expect(outline.paint == .color(.black))
            #expect(close(outline.width, width.value(at: time)))
            #expect(operation.paint == nil && isPlain(operation.state))
        }
        #expect(drawnPositions(list).count == layout.storage.glyphs.count)
    }
}
