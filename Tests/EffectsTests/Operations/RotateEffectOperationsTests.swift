import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The rotation's operations: one per visible glyph, turned by the wave's angle about the
/// middle of its baseline, which stays put.
@Suite struct RotateEffectOperationsTests {
    @Test(arguments: [0.0, 0.3])
    func turnsEachGlyphAboutItsBaselineCentre(time: Double) throws {
        let layout = operationLayout("Rock on")
        let rotate = RotateEffect(angle: .constant(20), wavelength: 100, speed: 1)
        let list = try operations(layout, rotate, time: time)
        let visible = layout.glyphs.filter { !$0.isInvisible }
        #expect(list.glyphOperations.count == visible.count)
        for (operation, glyph) in zip(list.glyphOperations, visible) {
            #expect(operation.glyphs == glyph.index..<(glyph.index + 1))
            let t = operation.state.transform
            let expected = rotate.radians(x: glyph.typographicBounds.origin.x, time: time)
            #expect(close(atan2(Double(t.b), Double(t.a)), expected, 1e-9))
            let box = glyph.typographicBounds
            let pivot = CGPoint(x: box.origin.x + box.width / 2, y: box.origin.y)
            #expect(close(operation.state.framePoint(pivot), CGPoint(x: pivot.x + 10, y: pivot.y + 20), 1e-9))
            #expect(operation.state.opacity == 1 && operation.state.filters.isEmpty)
        }
    }
}
