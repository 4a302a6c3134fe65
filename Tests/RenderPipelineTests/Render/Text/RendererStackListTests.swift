import Foundation
import Testing
@testable import RenderPipeline

/// A stack composes display lists: what the composed list holds when two or three renderers
/// are stacked (the inner renderer's glyphs in the outer renderers' transforms, opacity, clips
/// and layers), recorded in process on a small frame.
@Suite struct RendererStackListTests {
    /// Moves, scales, fades or clips, then draws every line.
    struct Probe: TextRenderer {
        var dx: CGFloat = 0, dy: CGFloat = 0, scale: CGFloat = 1, opacity: Double = 1
        var clip: CGRect?
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            if let clip { context.clip(to: clip) }
            context.translateBy(x: dx, y: dy)
            context.scaleBy(x: scale, y: scale)
            context.opacity(opacity)
            for line in layout { context.draw(line) }
        }
    }

    /// Draws a square, then the text, both in a half-transparent layer.
    struct LayerProbe: TextRenderer {
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            context.opacity = 0.5
            context.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red))
                for line in layout { layer.draw(line) }
            }
        }
    }

    /// Draws every line twice, the second time 50 points lower.
    struct TwiceProbe: TextRenderer {
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            for line in layout { context.draw(line) }
            var lower = context
            lower.translateBy(x: 0, y: 50)
            for line in layout { lower.draw(line) }
        }
    }

    static func layout() -> TextLayout {
        TestFonts.pin()
        return TextLayout(Text("Stack it"), options: LayoutOptions(width: 300))
    }

    static func record(_ renderers: [any TextRenderer], _ layout: TextLayout) throws -> DisplayList {
        try DisplayList(recording: RendererStack(renderers), layout: layout, size: CGSize(width: 200, height: 120),
                        origin: CGPoint(x: 10, y: 20))
    }

    @Test func transformsComposeInnerFirst() throws {
        let layout = Self.layout()
        let list = try Self.record([Probe(dx: 30), Probe(scale: 2), Probe(dy: 10)], layout)
        let glyphs = list.glyphOperations
        #expect(glyphs.reduce(0) { $0 + $1.glyphs.count } == layout.storage.glyphs.count)
        for operation in glyphs {
            // p → inner (0, 10) → middle ×2 → outer (30, 0) → the text's origin (10, 20).
            #expect(close(operation.state.transform, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 40, ty: 40)))
        }
    }

    @Test func opacitiesMultiply() throws {
        let list = try Self.record([Probe(opacity: 0.5), Probe(opacity: 0.4), Probe(opacity: 0.5)], Self.layout())
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations { #expect(abs(operation.state.opacity - 0.1) < 1e-12) }
    }

    @Test func clipsIntersectTheInnerOneMovingWithTheText() throws {
        let outerClip = CGRect(x: 0, y: -40, width: 60, height: 80), innerClip = CGRect(x: 5, y: -30, width: 20, height: 40)
        let list = try Self.record([Probe(dx: 30, clip: outerClip), Probe(clip: innerClip)], Self.layout())
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations {
            let clips = operation.state.clips
            try #require(clips.count == 2)
            // The outer clip where the outer renderer set it; the inner one moved by the outer (30, 0).
            #expect(close(clips[0].path.boundingRect.applying(clips[0].transform), outerClip.offsetBy(dx: 10, dy: 20)))
            #expect(close(clips[1].path.boundingRect.applying(clips[1].transform), innerClip.offsetBy(dx: 40, dy: 20)))
        }
    }

    @Test func eachOuterDrawOfAGlyphDrawsItOnce() throws {
        let layout = Self.layout()
        let list = try Self.record([TwiceProbe(), Probe(dx: 3)], layout)
        let drawn = list.glyphOperations.reduce(0) { $0 + $1.glyphs.count }
        #expect(drawn == 2 * layout.storage.glyphs.count)
        let lows = Set(list.glyphOperations.map { $0.state.transform.ty })
        #expect(lows == [20, 70])
    }

    @Test func anOuterLayerIsFilledByTheInnerTextAndCompositedOnce() throws {
        let layout = Self.layout()
        let list = try Self.record([LayerProbe(), TwiceProbe()], layout)
        // The outer renderer's square in a layer of its own, drawn first; then one copy of the
        // layer holding everything the inner renderer drew of the text, with the layer's opacity.
        try #require(list.operations.count == 2)
        guard case .layer(let shapes) = list.operations[0], case .layer(let text) = list.operations[1] else {
            Issue.record("expected two layers, got \(list.operations)")
            return
        }
        #expect(shapes.operations.count == 1 && shapes.state.opacity == 0.5)
        if case .fill = shapes.operations[0] {} else { Issue.record("the square is not a fill") }
        #expect(text.state.opacity == 0.5)
        #expect(text.operations.allSatisfy { if case .glyphs = $0 { true } else { false } })
        #expect(text.operations.reduce(0) { if case .glyphs(let g) = $1 { $0 + g.glyphs.count } else { $0 } } == 2 * layout.storage.glyphs.count)
        // The layer reaches the text moved 50 points down, past where the outer renderer drew it.
        let covering = try #require(text.covering)
        #expect(covering.y + covering.height > 20 + 50)
    }
}
