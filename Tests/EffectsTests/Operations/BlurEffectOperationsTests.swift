import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The blur's operations: blurred runs of one radius in one layer with a blur filter; the rest plain.
@Suite struct BlurEffectOperationsTests {
    static let blurred = AttributeSet(json: ["blur": .object(["radius": .number(6)])])

    @Test func blursTheAttributedRunsInOneLayer() throws {
        let layout = operationLayout([Span("Balance: "), Span("1 234", attributes: Self.blurred), Span(" today")])
        let list = try operations(layout, BlurEffect())
        let layers = list.layerOperations
        try #require(layers.count == 1)
        #expect(layers[0].state.filters == [.blur(radius: 6)])
        let inside = layers[0].operations.compactMap { if case .glyphs(let g) = $0 { g } else { nil } }
        #expect(inside.map(\.text).joined() == "1 234")
        #expect(inside.allSatisfy { isPlain($0.state) })
        let outside = list.operations.compactMap { if case .glyphs(let g) = $0 { g } else { nil } }
        #expect(outside.map(\.text).joined() == "Balance:  today")
        #expect(outside.allSatisfy { isPlain($0.state) })
        // The layer is limited to the blurred text, padded by half the font size.
        let bounds = try #require(layers[0].bounds)
        let run = try #require(layout.runs.first { $0.attributes.contains("blur") })
        #expect(bounds.contains(run.typographicBounds.rect))
    }

    @Test(arguments: [(0.0, 8.0), (0.5, 4.0)])
    func theKeyframedRadiusAtTheTime(time: Double, radius: Double) throws {
        let layout = operationLayout([Span("Hidden", attributes: AttributeSet(json: ["blur": .object([:])]))])
        let effect = BlurEffect(radius: .keyframes([Keyframe(time: 0, value: 8), Keyframe(time: 1, value: 0)]))
        let list = try operations(layout, effect, time: time)
        #expect(list.layerOperations.map(\.state.filters) == [[.blur(radius: radius)]])
        // At the end the radius is 0: no layer, the text drawn plain.
        let still = try operations(layout, effect, time: 1)
        #expect(still.layerOperations.isEmpty && still.glyphOperations.allSatisfy { isPlain($0.state) })
    }
}
