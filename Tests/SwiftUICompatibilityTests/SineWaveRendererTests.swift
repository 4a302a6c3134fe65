import RenderPipeline
import Testing

/// Glyphs move up and down along a sine of their position.
///
/// Asserts: Each glyph's ink centroid moves vertically by the wave's offset at its centre (within a pixel, see
/// the known issue below) and not horizontally, for three phases; `animatableData` is the phase.
@Suite struct SineWaveRendererTests {
    let layout = Canvas.layout(Text("IIIIIIIIII").font(Fixtures.font()))

    /// The ink centroid of each glyph's column.
    func centroids(_ surface: ImageSurface) -> [(x: Double, y: Double)?] {
        Fixtures.slices(of: layout).map { slice in
            var column = Canvas.pixels(of: slice.typographicBounds.rect)
            column.minY = 0
            column.maxY = surface.height - 1
            return surface.inkCentroid(in: column)
        }
    }

    @Test(arguments: [0.0, Double.pi / 2, Double.pi])
    func eachGlyphMovesBySineOfItsPosition(phase: Double) throws {
        let renderer = SineWaveRenderer(amplitude: 8, wavelength: 120, phase: phase)
        let plain = centroids(try Canvas.exactPlain(layout)), waved = centroids(try Canvas.render(renderer, layout))
        for (slice, (before, after)) in zip(Fixtures.slices(of: layout), zip(plain, waved)) {
            let a = try #require(before), b = try #require(after)
            let expected = renderer.offset(atX: slice.typographicBounds.rect.midX)
            #expect(abs((b.y - a.y) - expected) < 0.1, "glyph at \(slice.typographicBounds.rect.midX): moved \(b.y - a.y), expected \(expected)")
            #expect(abs(b.x - a.x) < 0.05)
        }
    }

    /// With `.disablesSubpixelQuantization`, a glyph moved by a fraction of a pixel is drawn at that
    /// fraction, as on iOS, so a wave moves smoothly rather than in whole-pixel steps.
    @Test func fractionalOffsetsMoveGlyphsByTheFraction() throws {
        // The same exact drawing with no wave: the glyphs where the layout put them.
        let plain = centroids(try Canvas.render(SineWaveRenderer(amplitude: 0, wavelength: 400, phase: 0), layout))
        // A quarter wavelength to the left of the first glyph, each glyph is moved by a different fraction.
        let renderer = SineWaveRenderer(amplitude: 0.75, wavelength: 400, phase: 0)
        let waved = centroids(try Canvas.render(renderer, layout))
        for (slice, (before, after)) in zip(Fixtures.slices(of: layout), zip(plain, waved)) {
            guard let a = before, let b = after else { continue }
            let expected = renderer.offset(atX: slice.typographicBounds.rect.midX)
            #expect(abs((b.y - a.y) - expected) < 0.1, "moved \(b.y - a.y), expected \(expected)")
        }
    }

    @Test func phaseIsTheAnimatableData() {
        var renderer = SineWaveRenderer()
        renderer.animatableData = 1.25
        #expect(renderer.phase == 1.25)
    }
}
