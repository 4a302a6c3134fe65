import RenderPipeline
import Testing

/// Every glyph's box and each line's baseline are outlined.
///
/// Asserts: Blue strokes lie on the top, bottom and left edges of every glyph's typographic box and nowhere
/// else; a red stroke lies on the baseline under the space and not above it.
@Suite struct GlyphBoxesRendererTests {
    let layout = Canvas.layout(Text("A B").font(Fixtures.font()))

    /// How blue (or red) a pixel is over its other components: about 0.5 for `.blue` and 0.75 for
    /// `.red` where a line covers the pixel, half that where a line on a pixel edge covers half of two.
    func blueness(_ c: Color) -> Double { c.blue - max(c.red, c.green) }
    func redness(_ c: Color) -> Double { c.red - max(c.green, c.blue) }

    /// The most `measure` a pixel has within one pixel of `point` (layout coordinates).
    func strongest(_ measure: (Color) -> Double, near point: CGPoint, in surface: ImageSurface) -> Double {
        let (x, y) = Canvas.pixel(at: point)
        return surface.coordinates(in: PixelRegion(minX: x - 1, minY: y - 1, maxX: x + 1, maxY: y + 1))
            .map { measure(surface.pixel(x: $0.x, y: $0.y)) }.max() ?? 0
    }

    @Test func outlinesEveryGlyphsTypographicBox() throws {
        let surface = try Canvas.render(GlyphBoxesRenderer(), layout)
        let slices = Fixtures.slices(of: layout)
        #expect(slices.count == 3)
        for slice in slices {
            let box = slice.typographicBounds.rect
            // Top and bottom edges at the middle, the left edge just below the top (above the glyph).
            #expect(strongest(blueness, near: CGPoint(x: box.midX, y: box.minY), in: surface) > 0.2, "top of \(box)")
            #expect(strongest(blueness, near: CGPoint(x: box.midX, y: box.maxY), in: surface) > 0.2, "bottom of \(box)")
            #expect(strongest(blueness, near: CGPoint(x: box.minX, y: box.minY + 4), in: surface) > 0.2, "left of \(box)")
        }
        // Nothing blue outside the boxes.
        let all = Canvas.pixels(of: slices.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }, outset: 1.5)
        #expect(surface.coordinates().allSatisfy { all.contains(x: $0.x, y: $0.y) || blueness(surface.pixel(x: $0.x, y: $0.y)) < 0.1 })
    }

    @Test func drawsTheBaseline() throws {
        let surface = try Canvas.render(GlyphBoxesRenderer(), layout)
        let line = try #require(layout.first)
        let space = Fixtures.slices(of: layout)[1]
        #expect(space.text == " ")
        // Under the space nothing but the baseline is drawn.
        let baseline = CGPoint(x: space.typographicBounds.rect.midX, y: line.typographicBounds.origin.y)
        #expect(strongest(redness, near: baseline, in: surface) > 0.3)
        #expect(strongest(redness, near: CGPoint(x: baseline.x, y: baseline.y - 6), in: surface) < 0.05)
    }
}
