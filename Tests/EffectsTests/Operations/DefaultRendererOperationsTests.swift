import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The default renderer's operations: every glyph once, where the layout put it, in plain state.
@Suite struct DefaultRendererOperationsTests {
    @Test(arguments: ["Hello", "Two lines\nof text", "مرحبا world"])
    func drawsEveryGlyphOnceWhereLaidOut(text: String) throws {
        let layout = operationLayout(text)
        let list = try operations(layout, DefaultTextRenderer())
        #expect(list.operations.allSatisfy { if case .glyphs = $0 { true } else { false } })
        let drawn = drawnPositions(list)
        #expect(drawn.count == layout.storage.glyphs.count)
        for (glyph, position) in drawn { #expect(close(position, laidOutPosition(layout, glyph: glyph)), "glyph \(glyph)") }
        for operation in list.glyphOperations {
            #expect(isPlain(operation.state))
            #expect(operation.paint == nil && operation.stroke == nil && operation.fontVariations.isEmpty)
        }
        // One operation per run.
        #expect(list.glyphOperations.count == layout.runs.count)
    }
}
