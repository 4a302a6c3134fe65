import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The background's operations: one rounded fill per line of selected text, padded, under the glyphs.
@Suite struct BackgroundEffectOperationsTests {
    @Test func fillsOneBoxPerLineBeforeTheText() throws {
        let layout = operationLayout("First line\nsecond")
        let paint = Paint.color(Color(red: 1, green: 0.9, blue: 0.4))
        let list = try operations(layout, BackgroundEffect(paint: paint, cornerRadius: 4, padding: CGSize(width: 3, height: 1)))
        let fills = list.fillOperations
        #expect(fills.count == 2)
        // The boxes come first, then the text.
        #expect(list.operations.prefix(2).allSatisfy { if case .fill = $0 { true } else { false } })
        for (fill, line) in zip(fills, layout) {
            #expect(fill.paint == paint)
            let expected = line.typographicBounds.rect.insetBy(dx: -3, dy: -1).offsetBy(dx: 10, dy: 20)
            #expect(close(fill.frameBounds.minX, expected.minX, 1e-6) && close(fill.frameBounds.maxX, expected.maxX, 1e-6))
            #expect(close(fill.frameBounds.minY, expected.minY, 1e-6) && close(fill.frameBounds.maxY, expected.maxY, 1e-6))
            #expect(isPlain(fill.state))
        }
        #expect(drawnPositions(list).count == layout.storage.glyphs.count)
    }

    @Test func boxesOnlyTheSelectedWords() throws {
        let layout = operationLayout("tag this")
        let list = try operations(layout, BackgroundEffect(selector: .range(.word, start: 1, end: nil)))
        let fill = try #require(list.fillOperations.first)
        #expect(list.fillOperations.count == 1)
        let word = layout.runs.flatMap { $0 }.filter { $0.wordIndex == 1 }
        let minX = word.map { $0.typographicBounds.origin.x }.min()!
        #expect(close(fill.frameBounds.minX, minX - 3 + 10, 1e-6))
    }
}
