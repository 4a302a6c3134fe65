import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The shimmer's operations: the glyphs as they are, then again in a band gradient whose centre
/// travels across the text with the time.
@Suite struct ShimmerEffectOperationsTests {
    @Test(arguments: [0.0, 0.75])
    func drawsTheTextThenTheBandOverIt(time: Double) throws {
        let layout = operationLayout("Shimmer")
        let shimmer = ShimmerEffect(width: 60, period: 1.5)
        let list = try operations(layout, shimmer, time: time)
        let glyphs = list.glyphOperations
        try #require(glyphs.count == 2 * layout.runs.count)
        #expect(glyphs[0].paint == nil)
        guard case .linearGradient(let band) = glyphs[1].paint else {
            Issue.record("the second pass is not a gradient band")
            return
        }
        let bounds = layout.typographicBounds
        let phase = time / 1.5
        let center = bounds.minX - 60 + phase * (bounds.width + 120)
        let (start, end) = band.endPoints(in: bounds)
        #expect(close(start.x, center - 30, 1e-9) && close(end.x, center + 30, 1e-9))
        #expect(glyphs.allSatisfy { isPlain($0.state) && $0.glyphs == glyphs[0].glyphs })
    }
}
