import RenderPipeline
import Testing

/// A box is drawn behind the run marked `Highlight`.
///
/// Asserts: The top row of the run's box is solid yellow, the yellow ends at the box's edges (its typographic
/// bounds widened by the padding), the text is drawn over it, every other pixel is byte-identical
/// to the plain text, and without the attribute nothing changes.
@Suite struct HighlighterRendererTests {
    let layout = Canvas.layout((Text("Read ") + Text("this part").customAttribute(Highlight()) + Text(" twice"))
        .font(Fixtures.font(30)), width: 500)

    func isYellow(_ c: Color) -> Bool { isClose(c, .yellow, within: 0.03) }

    @Test func fillsTheRunsTypographicBoundsBehindIt() throws {
        let renderer = HighlighterRenderer()
        let run = try #require(Fixtures.runs(of: layout).first { $0[Highlight.self] != nil })
        let surface = try Canvas.render(renderer, layout)
        let box = renderer.box(for: run)
        let pixels = Canvas.pixels(of: box)

        // The box's top rows lie above every glyph: solid yellow from one rounded corner to the other.
        let (_, top) = Canvas.pixel(at: CGPoint(x: box.minX, y: box.minY + 1.5))
        let row = PixelRegion(minX: pixels.minX + 4, minY: top, maxX: pixels.maxX - 4, maxY: top)
        #expect(surface.coordinates(in: row).allSatisfy { isYellow(surface.pixel(x: $0.x, y: $0.y)) })
        // Yellow reaches the box's edges and stops there.
        let yellow = try #require(surface.inkBox(matching: isYellow))
        #expect(abs(yellow.minX - pixels.minX) <= 1 && abs(yellow.maxX - pixels.maxX) <= 1, "\(yellow) vs \(pixels)")
        #expect(abs(yellow.minY - pixels.minY) <= 1 && abs(yellow.maxY - pixels.maxY) <= 1, "\(yellow) vs \(pixels)")
        // The text is drawn over the box, not hidden by it.
        #expect(surface.coordinates(in: pixels).contains { surface.pixel(x: $0.x, y: $0.y).red < 0.2 })
        // Elsewhere, the plain text.
        var around = pixels
        around.minX -= 1; around.minY -= 1; around.maxX += 1; around.maxY += 1
        #expect(surface.differingPixels(from: try Canvas.plain(layout), excluding: around) == 0)
    }

    @Test func drawsNothingExtraWithoutTheAttribute() throws {
        let unmarked = Canvas.layout(Text("Read this part twice").font(Fixtures.font(30)), width: 500)
        #expect(try Canvas.render(HighlighterRenderer(), unmarked).differingPixels(from: try Canvas.plain(unmarked)) == 0)
    }
}
