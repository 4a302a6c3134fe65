import RenderPipeline
import Testing

/// `drawLayer` fades the text as one image.
///
/// Asserts: With overlapping glyphs, fading each glyph on its own darkens the overlaps below half grey, while the
/// layer leaves nothing darker than half; every pixel is the glyphs drawn opaque, at half opacity.
@Suite struct GhostRendererTests {
    /// Tight negative tracking makes neighbouring W's overlap.
    let layout = Canvas.layout(Text("WWWW").kerning(-14).font(Fixtures.font()), width: 400)

    /// The darkest red component on the surface: 0 for black ink, 1 for white paper.
    func darkest(_ surface: ImageSurface) -> Double {
        surface.coordinates().map { surface.pixel(x: $0.x, y: $0.y).red }.min() ?? 1
    }

    @Test func overlappingGlyphsFadeAsOneImage() throws {
        let separately = try Canvas.render(FadedGlyphsRenderer(opacity: 0.5), layout)
        #expect(darkest(separately) < 0.4, "without a layer the overlaps darken (darkest \(darkest(separately)))")
        let ghost = try Canvas.render(GhostRenderer(opacity: 0.5), layout)
        #expect(abs(darkest(ghost) - 0.5) < 0.01, "in one layer nothing is darker than half (darkest \(darkest(ghost)))")
    }

    @Test func isTheGlyphsDrawnOpaqueAtHalfOpacity() throws {
        // The layer holds the slices drawn one over the other, as the same renderer at full opacity draws them.
        let opaque = try Canvas.render(FadedGlyphsRenderer(opacity: 1), layout)
        let ghost = try Canvas.render(GhostRenderer(opacity: 0.5), layout)
        for (x, y) in opaque.coordinates() {
            let expected = 1 - (1 - opaque.pixel(x: x, y: y).red) * 0.5
            #expect(abs(ghost.pixel(x: x, y: y).red - expected) < 0.01)
        }
    }
}
