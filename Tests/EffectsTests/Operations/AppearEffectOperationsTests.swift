import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Appear's operations: nothing at first, units fading, rising and unblurring in turn, then the still text.
@Suite struct AppearEffectOperationsTests {
    let layout = operationLayout("Line one\nLine two\nLine three")
    let appear = AppearEffect(unit: .line, duration: 1, elementDuration: 0.5, offset: 12, blur: 4)

    @Test func startsEmptyAndEndsOnTheStillText() throws {
        #expect(try operations(layout, appear, time: 0).operations.isEmpty)
        let end = try operations(layout, appear, time: 1)
        #expect(end.glyphOperations.allSatisfy { isPlain($0.state) })
        let drawn = drawnPositions(end)
        #expect(drawn.count == layout.storage.glyphs.count)
        for (glyph, position) in drawn { #expect(close(position, laidOutPosition(layout, glyph: glyph), 1e-9)) }
    }

    @Test func halfwayEachLineHasItsOwnProgress() throws {
        let time = 0.4
        let list = try operations(layout, appear, time: time)
        for operation in list.glyphOperations {
            let line = layout.storage.runs[layout.storage.glyphs[operation.glyphs.lowerBound].run].line
            let p = appear.progress(index: line, first: 0, last: 2, time: time)
            #expect(p > 0)
            #expect(close(operation.state.opacity, Easing.easeOut(p)))
            let rise = operation.frameOrigin.y - laidOutPosition(layout, glyph: operation.glyphs.lowerBound).y
            #expect(close(rise, 12 * (1 - Easing.spring(p)), 1e-9))
            #expect(operation.state.filters == (4 * (1 - p) > 0.05 ? [.blur(radius: 4 * (1 - p))] : []))
        }
        // The first line has started, the last one not yet.
        let lines = Set(list.glyphOperations.map { layout.storage.runs[layout.storage.glyphs[$0.glyphs.lowerBound].run].line })
        #expect(lines == [0, 1])
    }
}
