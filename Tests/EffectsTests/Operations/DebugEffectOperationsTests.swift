@testable import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The debug overlay's operations: the text, then line, run and glyph outlines and dashed baselines.
@Suite struct DebugEffectOperationsTests {
    @Test func outlinesEachBoxAfterTheText() throws {
        let layout = operationLayout("Box it")
        let list = try operations(layout, DebugEffect(lineWidth: 1))
        #expect(drawnPositions(list).count == layout.storage.glyphs.count)
        // Text first, then outlines only.
        let firstStroke = try #require(list.operations.firstIndex { if case .stroke = $0 { true } else { false } })
        #expect(list.operations[firstStroke...].allSatisfy { if case .stroke = $0 { true } else { false } })
        let strokes = list.strokeOperations
        let visible = layout.glyphs.filter { !$0.isInvisible }.count
        #expect(strokes.count == 1 + layout.runs.count + visible + 1)
        let line = try #require(strokes.first)
        #expect(line.paint == .color(DebugEffect.lineColor))
        let box = layout.first!.typographicBounds.rect.insetBy(dx: 0.5, dy: 0.5).offsetBy(dx: 10, dy: 20)
        #expect(close(line.frameBounds.minX, box.minX, 1e-6) && close(line.frameBounds.maxY, box.maxY, 1e-6))
        let baseline = try #require(strokes.last)
        #expect(baseline.paint == .color(DebugEffect.baselineColor) && baseline.style.dash == [4, 2])
        #expect(strokes.filter { $0.paint == .color(DebugEffect.glyphColor) }.count == visible)
    }
}
