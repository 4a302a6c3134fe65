import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The active word's operations: while spoken, its plate then its glyphs in the active paint,
/// popped about the word's centre; other words as they are, drawn first.
@Suite struct ActiveWordEffectOperationsTests {
    static func timed(_ text: String, _ start: Double, _ end: Double) -> Span {
        Span(text, attributes: AttributeSet(json: ["WordTime": .object(["start": .number(start), "end": .number(end)])]))
    }

    let layout = operationLayout([Self.timed("one", 0, 1), Span(" "), Self.timed("two", 1, 2)])
    let red = Paint.color(Color(red: 1, green: 0, blue: 0))
    let yellow = Paint.color(Color(red: 1, green: 1, blue: 0))

    var effect: ActiveWordEffect {
        var renderer = WordTimingRenderer()
        renderer.active = red
        renderer.activeScale = 1.5
        renderer.popDuration = 0
        renderer.activePlate = .init(paint: yellow, cornerRadius: 4, padding: CGSize(width: 2, height: 2))
        return ActiveWordEffect(renderer: renderer)
    }

    @Test(arguments: [(0.5, "one"), (1.5, "two")])
    func popsTheWordBeingSpoken(time: Double, word: String) throws {
        let list = try operations(layout, effect, time: time)
        let plate = try #require(list.fillOperations.first)
        #expect(list.fillOperations.count == 1 && plate.paint == yellow)
        guard case .fill = list.operations.first else { Issue.record("the plate is not drawn first"); return }
        let active = list.glyphOperations.filter { $0.paint == red }
        #expect(active.map(\.text).joined() == word)
        // The active word is drawn last, over its neighbours, scaled 1.5 about its centre.
        #expect(list.glyphOperations.last?.paint == red)
        let run = try #require(layout.runs.first { $0.text == word })
        let box = run.typographicBounds.rect
        let center = CGPoint(x: box.midX, y: box.midY)
        for operation in active {
            #expect(close(operation.state.transform.a, 1.5) && close(operation.state.transform.d, 1.5))
            #expect(close(operation.state.framePoint(center), CGPoint(x: center.x + 10, y: center.y + 20), 1e-9))
        }
        for operation in list.glyphOperations where operation.paint != red {
            #expect(isPlain(operation.state) && close(operation.state.transform.a, 1))
        }
    }
}
