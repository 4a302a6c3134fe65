import RenderPipeline
import Testing

/// Two renderers written for SwiftUI, stacked: the outer one waves glyph by glyph, the inner
/// one staggers runs. The inner renderer still walks the whole layout, so its run indices are the
/// layout's: run 2 is delayed more than run 0 although the outer renderer hands on single glyphs.
@Suite struct RendererStackCompatibilityTests {
    let layout = Canvas.layout((Text("Rise ") + Text("and ").foregroundColor(.blue) + Text("shine").foregroundColor(.red))
        .font(Fixtures.font()))
    let wave = SineWaveRenderer(amplitude: 6, wavelength: 90, phase: 0.5)

    func stack(at time: Double) -> RendererStack {
        RendererStack([wave, StaggeredAppearRenderer(elapsedTime: time)])
    }

    /// How much of run `index`'s ink (as the wave alone draws it) is drawn, in a box that takes in both motions.
    func shownFraction(ofRun index: Int, in surface: ImageSurface, reference: ImageSurface) -> Double {
        let run = Fixtures.runs(of: layout)[index]
        var region = Canvas.pixels(of: run.typographicBounds.rect)
        region.minY -= 10
        region.maxY += 28
        return surface.totalInk(in: region) / reference.totalInk(in: region)
    }

    @Test func theInnerStaggerSeesTheLayoutsRuns() throws {
        let waved = try Canvas.render(wave, layout)
        let early = try Canvas.render(stack(at: 0.15), layout)
        #expect(shownFraction(ofRun: 0, in: early, reference: waved) > 0.05)
        #expect(shownFraction(ofRun: 1, in: early, reference: waved) == 0)
        #expect(shownFraction(ofRun: 2, in: early, reference: waved) == 0)

        let later = try Canvas.render(stack(at: 0.45), layout)
        let shown = (0..<3).map { shownFraction(ofRun: $0, in: later, reference: waved) }
        #expect(shown[0] > shown[1] && shown[1] > 0 && shown[2] == 0, "\(shown)")
    }

    @Test func onceAllRunsAreInTheWaveAloneRemains() throws {
        let waved = try Canvas.render(wave, layout)
        #expect(waved.differingPixels(from: try Canvas.plain(layout)) > 0)
        let done = try Canvas.render(stack(at: 1), layout)
        #expect(done.differingPixels(from: waved) == 0)
    }

    @Test func theOuterWaveMovesWhatTheInnerRendererDraws() throws {
        // Glyph by glyph, the inner renderer's ink sits where the wave puts it.
        let done = try Canvas.render(stack(at: 1), layout), plain = try Canvas.plain(layout)
        for slice in Fixtures.slices(of: layout) where !slice.text.allSatisfy(\.isWhitespace) {
            var column = Canvas.pixels(of: slice.typographicBounds.rect)
            column.minX += 2; column.maxX -= 2
            column.minY = 0; column.maxY = done.height - 1
            guard let before = plain.inkCentroid(in: column), let after = done.inkCentroid(in: column) else { continue }
            #expect(abs((after.y - before.y) - wave.offset(atX: slice.typographicBounds.rect.midX)) < 1, "\(slice.text)")
        }
    }
}
