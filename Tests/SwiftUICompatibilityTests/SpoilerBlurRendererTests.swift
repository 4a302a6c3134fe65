import RenderPipeline
import Testing

/// The run marked `Spoiler` is blurred; nothing else changes.
///
/// Asserts: Only the marked run carries the attribute; outside it (and the blur's reach) pixels are byte-identical
/// to the plain text, inside they differ, no sharp black is left, and the amount of ink is kept.
@Suite struct SpoilerBlurRendererTests {
    let layout = Canvas.layout((Text("It was ") + Text("the butler").customAttribute(Spoiler()) + Text(" all along"))
        .font(Fixtures.font(30)), width: 560)

    var spoilerRun: Text.Layout.Run? { Fixtures.runs(of: layout).first { $0[Spoiler.self] != nil } }

    @Test func onlyTheMarkedRunCarriesTheAttribute() throws {
        let marked = Fixtures.runs(of: layout).filter { $0[Spoiler.self] != nil }
        #expect(marked.count == 1)
        #expect(marked.first.map { String($0.text) } == "the butler")
    }

    @Test func blursTheMarkedRunAndNothingElse() throws {
        let run = try #require(spoilerRun)
        let plain = try Canvas.plain(layout)
        let blurred = try Canvas.render(SpoilerBlurRenderer(radius: 6), layout)
        // A Gaussian of standard deviation 6 reaches about three of them.
        let reach = Canvas.pixels(of: run.typographicBounds.rect, outset: 20)
        #expect(blurred.differingPixels(from: plain, excluding: reach) == 0, "outside the run, byte for byte the plain text")

        let inside = Canvas.pixels(of: run.typographicBounds.rect)
        #expect(blurred.differingPixels(from: plain, in: inside) > inside.width * inside.height / 4)
        // Blurred, the darkest pixel is far from black, yet the ink is all still there, spread out.
        let darkest = blurred.coordinates(in: inside).map { blurred.inkAmount(x: $0.x, y: $0.y) }.max() ?? 0
        #expect(darkest < 0.6, "no sharp black left (darkest ink \(darkest))")
        let ratio = blurred.totalInk(in: reach) / plain.totalInk(in: reach)
        #expect(ratio > 0.85 && ratio < 1.15, "blurring keeps the amount of ink (\(ratio))")
    }
}
