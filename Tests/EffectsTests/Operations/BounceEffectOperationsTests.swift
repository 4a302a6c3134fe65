import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The bounce's operations: the last `count` glyphs lifted by `lift(index:time:)`, the rest as laid out.
@Suite struct BounceEffectOperationsTests {
    @Test(arguments: [0.1, 0.3, 0.7])
    func liftsTheLastGlyphsInTurn(time: Double) throws {
        let layout = operationLayout("Typing...")
        let bounce = BounceEffect(count: 3, amplitude: 6, period: 1.2)
        let drawn = drawnPositions(try operations(layout, bounce, time: time))
        let glyphs = layout.storage.glyphs.count
        #expect(drawn.count == glyphs)
        for (glyph, position) in drawn {
            let laid = laidOutPosition(layout, glyph: glyph)
            let order = glyph - (glyphs - 3)
            let lift = order >= 0 ? bounce.lift(index: order, time: time) : 0
            #expect(close(position.x, laid.x))
            #expect(close(laid.y - position.y, lift), "glyph \(glyph)")
        }
    }
}
