import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The wave's operations: each glyph moved down by the wave's formula at its pen x, nothing else changed.
@Suite struct WaveEffectOperationsTests {
    @Test(arguments: [("Wave", 0.0), ("Wave it\nover lines", 0.25), ("Wave", 0.6)])
    func movesEachGlyphVerticallyByTheFormula(text: String, time: Double) throws {
        let layout = operationLayout(text)
        let wave = WaveEffect(amplitude: .constant(10), wavelength: 80, speed: 1)
        let list = try operations(layout, wave, time: time)
        let drawn = drawnPositions(list)
        #expect(drawn.count == layout.storage.glyphs.count)
        for (glyph, position) in drawn {
            let laid = laidOutPosition(layout, glyph: glyph)
            let expected = wave.offset(x: layout.storage.glyphs[glyph].x, time: time)
            #expect(close(position.x, laid.x), "glyph \(glyph) moved sideways")
            #expect(close(position.y - laid.y, expected), "glyph \(glyph): \(position.y - laid.y) for \(expected)")
        }
        #expect(list.glyphOperations.allSatisfy { isPlain($0.state) && $0.paint == nil })
    }

    @Test func unselectedGlyphsStayWhereLaidOut() throws {
        let layout = operationLayout("one two")
        let wave = WaveEffect(amplitude: .constant(10), wavelength: 80, speed: 1, selector: .range(.word, start: 1, end: nil))
        let drawn = drawnPositions(try operations(layout, wave, time: 0.1))
        for (glyph, position) in drawn where layout.storage.glyphs[glyph].word == 0 {
            #expect(close(position, laidOutPosition(layout, glyph: glyph)))
        }
        let moved = drawn.filter { !close($0.value, laidOutPosition(layout, glyph: $0.key)) }
        #expect(!moved.isEmpty && moved.keys.allSatisfy { layout.storage.glyphs[$0].word == 1 })
    }
}
