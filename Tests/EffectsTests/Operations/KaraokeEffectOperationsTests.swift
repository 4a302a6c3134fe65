import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Karaoke's operations: a timed word unsung before, split at the sweep's edge by two clips
/// while sung, and in the sung paint after.
@Suite struct KaraokeEffectOperationsTests {
    let layout = operationLayout([Span("Sweep", attributes: AttributeSet(json: ["WordTime": .object(["start": .number(1), "end": .number(2)])]))])
    let red = Paint.color(Color(red: 1, green: 0, blue: 0))

    @Test func unsungBeforeAndSungAfter() throws {
        let karaoke = KaraokeEffect(sung: red, unsung: nil, spoken: nil)
        let before = try operations(layout, karaoke, time: 0.5)
        #expect(before.glyphOperations.allSatisfy { $0.paint == nil && isPlain($0.state) })
        let after = try operations(layout, karaoke, time: 3)
        #expect(after.glyphOperations.allSatisfy { $0.paint == red && isPlain($0.state) })
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func theSweepSplitsTheWordAtItsEdge(progress: Double) throws {
        let karaoke = KaraokeEffect(sung: red, unsung: nil, spoken: nil)
        let list = try operations(layout, karaoke, time: 1 + progress)
        let glyphs = list.glyphOperations
        try #require(glyphs.count == 2)
        let (unsung, sung) = (glyphs[0], glyphs[1])
        #expect(unsung.paint == nil && sung.paint == red)
        try #require(unsung.state.clips.count == 1 && sung.state.clips.count == 1)
        #expect(unsung.state.clips[0].inverse && !sung.state.clips[0].inverse)
        // The sung area ends at the edge: the word's left plus `progress` of its width, on a whole pixel.
        let box = layout.runs[0].typographicBounds.rect
        let edge = sung.state.clips[0].path.boundingRect.applying(sung.state.clips[0].transform).maxX
        #expect(abs(edge - (10 + box.minX + progress * box.width)) <= 0.5)
        #expect(edge == edge.rounded())
    }
}
