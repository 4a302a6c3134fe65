import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The fill's operations: every selected glyph with one paint pinned to the whole selection.
@Suite struct FillEffectOperationsTests {
    @Test(arguments: ["Gradient", "Two\nlines"])
    func paintsEverythingWithOnePinnedGradient(text: String) throws {
        let layout = operationLayout(text)
        let fill = FillEffect()
        let list = try operations(layout, fill)
        let expected = fill.paint.pinned(to: layout.typographicBounds)
        #expect(list.glyphOperations.count == layout.runs.count)
        for operation in list.glyphOperations {
            #expect(operation.paint == expected)
            #expect(isPlain(operation.state))
        }
        #expect(drawnPositions(list).count == layout.storage.glyphs.count)
    }

    @Test func leavesUnselectedGlyphsTheirOwnColour() throws {
        let layout = operationLayout("plain red")
        let red = Paint.color(Color(red: 1, green: 0, blue: 0))
        let list = try operations(layout, FillEffect(paint: red, selector: .range(.word, start: 1, end: nil)))
        for operation in list.glyphOperations {
            #expect(operation.paint == (operation.text == "red" ? red : nil), "\(operation.text)")
        }
        #expect(list.glyphOperations.contains { $0.text == "red" })
    }
}
