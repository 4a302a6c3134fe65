import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The shadow's operations: the selected glyphs, where laid out, through one shadow filter.
@Suite struct ShadowEffectOperationsTests {
    @Test(arguments: [0.0, 1.0])
    func drawsTheGlyphsThroughAShadowFilter(time: Double) throws {
        let layout = operationLayout("Shadow")
        let radius = Keyframed<Double>.keyframes([Keyframe(time: 0, value: 2), Keyframe(time: 1, value: 6)])
        let color = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let shadow = ShadowEffect(color: color, radius: radius, x: 3, y: 4)
        let list = try operations(layout, shadow, time: time)
        let filter = GraphicsContext.Filter.shadow(color: color, radius: radius.value(at: time), x: 3, y: 4)
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations { #expect(operation.state.filters == [filter]) }
        for (glyph, position) in drawnPositions(list) { #expect(close(position, laidOutPosition(layout, glyph: glyph))) }
    }

    @Test func unselectedTextHasNoShadow() throws {
        let layout = operationLayout("no shadow")
        let list = try operations(layout, ShadowEffect(selector: .range(.word, start: 1, end: nil)))
        for operation in list.glyphOperations {
            #expect(operation.state.filters.isEmpty == (operation.text != "shadow"), "\(operation.text)")
        }
        #expect(list.glyphOperations.contains { $0.text == "shadow" })
    }
}
