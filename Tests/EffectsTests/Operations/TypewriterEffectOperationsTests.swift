import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The typewriter's operations: the revealed graphemes as laid out, then the cursor after them.
@Suite struct TypewriterEffectOperationsTests {
    @Test(arguments: [(0.0, ""), (0.25, "Hel"), (1.0, "Hello world")])
    func revealsAPrefix(time: Double, shown: String) throws {
        let layout = operationLayout("Hello world")
        let typewriter = TypewriterEffect(charactersPerSecond: 12, cursor: nil)
        let list = try operations(layout, typewriter, time: time)
        #expect(list.glyphOperations.map(\.text).joined() == shown)
        for (glyph, position) in drawnPositions(list) { #expect(close(position, laidOutPosition(layout, glyph: glyph))) }
    }

    @Test func drawsTheCursorAfterTheLastRevealedGlyph() throws {
        let layout = operationLayout("Hello")
        let list = try operations(layout, TypewriterEffect(charactersPerSecond: 12, cursor: "|"), time: 0.25)
        let texts = list.glyphOperations.map(\.text)
        #expect(texts.last == "|")
        #expect(texts.dropLast().joined() == "Hel")
        let cursor = try #require(list.glyphOperations.last)
        let l = layout.glyphs[2].typographicBounds
        #expect(close(cursor.frameOrigin.x, 10 + l.origin.x + l.width, 1e-6))
        #expect(close(cursor.frameOrigin.y, laidOutPosition(layout, glyph: 2).y, 1e-6))
    }
}
