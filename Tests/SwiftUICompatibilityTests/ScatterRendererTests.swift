import RenderPipeline
import Testing

/// Glyphs scatter and fade with `strength`, the `animatableData`.
///
/// Asserts: `animatableData` 0 is byte-identical to the plain text; 1 and an interpolated 0.5 move every glyph's
/// ink centroid by its displacement times the strength (within a pixel); at 1 half the ink is left.
@Suite struct ScatterRendererTests {
    /// Glyphs far enough apart that each one's region holds only its own ink, wherever it goes.
    let layout = Canvas.layout(Text("HOME").kerning(34).font(Fixtures.font()), width: 500)

    /// Each glyph's ink centroid, within its plain ink box grown by how far the glyph can go.
    func centroids(_ surface: ImageSurface) throws -> [(x: Double, y: Double)?] {
        let plain = try Canvas.plain(layout)
        return Fixtures.slices(of: layout).map { slice in
            guard var box = plain.inkBox(in: Canvas.pixels(of: slice.typographicBounds.rect)) else { return nil }
            box.minX -= 14; box.minY -= 14; box.maxX += 14; box.maxY += 14
            return surface.inkCentroid(in: box)
        }
    }

    @Test func atZeroItIsThePlainText() throws {
        var renderer = ScatterRenderer(strength: 1)
        renderer.animatableData = 0
        #expect(try Canvas.render(renderer, layout).differingPixels(from: try Canvas.exactPlain(layout)) == 0)
    }

    @Test(arguments: [1.0, 0.5])
    func movesEachGlyphByItsDisplacementTimesStrength(strength: Double) throws {
        // Halfway between the two ends of an animation, as SwiftUI interpolates animatable data.
        var renderer = ScatterRenderer(strength: 0)
        renderer.animatableData = renderer.animatableData.interpolated(towards: ScatterRenderer(strength: 1).animatableData, amount: strength)
        #expect(renderer.strength == strength)
        let plain = try centroids(try Canvas.plain(layout)), scattered = try centroids(try Canvas.render(renderer, layout))
        for (index, (before, after)) in zip(plain, scattered).enumerated() {
            let a = try #require(before), b = try #require(after)
            let expected = renderer.displacement(ofGlyph: index)
            // Within a pixel: the glyph, before and after, lands on whole pixels here (see SineWaveRendererTests).
            #expect(abs((b.x - a.x) - expected.width * strength) < 1, "glyph \(index) x: \(b.x - a.x)")
            #expect(abs((b.y - a.y) - expected.height * strength) < 1, "glyph \(index) y: \(b.y - a.y)")
        }
    }

    @Test func fadesWithStrength() throws {
        let full = try Canvas.render(ScatterRenderer(strength: 1), layout)
        let ratio = full.totalInk() / (try Canvas.plain(layout)).totalInk()
        #expect(abs(ratio - 0.5) < 0.02, "half the ink at full strength (\(ratio))")
    }
}
