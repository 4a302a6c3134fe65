import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Word reveal's operations: nothing before the word is spoken, then the word fading in.
@Suite struct WordRevealEffectOperationsTests {
    let layout = operationLayout([Span("Reveal", attributes: AttributeSet(json: ["WordTime": .object(["start": .number(1), "end": .number(2)])]))])

    @Test func hiddenThenFadingIn() throws {
        let reveal = WordRevealEffect(fade: 0.4, active: nil)
        #expect(try operations(layout, reveal, time: 0.5).operations.isEmpty)
        let fading = try operations(layout, reveal, time: 1.1)
        #expect(!fading.glyphOperations.isEmpty)
        for operation in fading.glyphOperations { #expect(close(operation.state.opacity, 0.1 / 0.4, 1e-9)) }
        let shown = try operations(layout, reveal, time: 3)
        #expect(shown.glyphOperations.allSatisfy { isPlain($0.state) })
        #expect(drawnPositions(shown).count == layout.storage.glyphs.count)
    }
}
