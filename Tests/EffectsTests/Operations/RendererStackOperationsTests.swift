import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A stack's operations: the inner renderer's glyphs in the outer renderers' state (filters,
/// paint), moved by both, each glyph once per outer draw.
@Suite struct RendererStackOperationsTests {
    @Test func aShadowOutsideAWaveFiltersTheMovedGlyphs() throws {
        let layout = operationLayout("Stack")
        let wave = WaveEffect(amplitude: .constant(8), wavelength: 60, speed: 1)
        let stack = RendererStack([ShadowEffect(radius: .constant(3), x: 0, y: 2), wave])
        let list = try operations(layout, stack, time: 0.2)
        for operation in list.glyphOperations {
            #expect(operation.state.filters.count == 1)
        }
        let drawn = drawnPositions(list)
        #expect(drawn.count == layout.storage.glyphs.count)
        for (glyph, position) in drawn {
            let laid = laidOutPosition(layout, glyph: glyph)
            #expect(close(position.y - laid.y, wave.offset(x: layout.storage.glyphs[glyph].x, time: 0.2), 1e-9))
        }
    }

    @Test func aFillOutsideAStrokeKeepsBoth() throws {
        let layout = operationLayout("Both")
        let red = Paint.color(Color(red: 1, green: 0, blue: 0))
        let list = try operations(layout, RendererStack([FillEffect(paint: red), StrokeEffect(width: .constant(2))]))
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations {
            #expect(operation.paint == red)
            #expect(operation.stroke?.width == 2)
        }
    }
}
