import RenderPipeline
import Testing

/// Lines are transformed with `concatenate`.
///
/// Asserts: With an indent, the first line is unchanged and the second is the plain one moved 24 pixels, pixel
/// for pixel; with a shear, bands of rows at the top and bottom of an I move right by the shear
/// times their height above the baseline.
@Suite struct SlantedLinesRendererTests {
    @Test func indentsEachLineByItsTransform() throws {
        let layout = Canvas.layout(Text("A first line of text and then a second").font(Fixtures.font(28)), width: 300)
        #expect(layout.count == 2)
        let plain = try Canvas.plain(layout)
        let moved = try Canvas.render(SlantedLinesRenderer(shear: 0, indentPerLine: 24), layout)
        // The first line stays; the second is the plain one moved 24 pixels right, pixel for pixel.
        let first = Canvas.pixels(of: layout[0].typographicBounds.rect)
        let second = Canvas.pixels(of: layout[1].typographicBounds.rect)
        #expect(moved.differingPixels(from: plain, in: first) == 0)
        var mismatches = 0
        for (x, y) in plain.coordinates(in: second) where x + 24 < plain.width {
            if moved.pixel(x: x + 24, y: y) != plain.pixel(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(moved.differingPixels(from: plain, in: second) > 0)
    }

    @Test func slantsAboutTheBaseline() throws {
        let layout = Canvas.layout(Text("I").font(Fixtures.font(80)), width: 200)
        let plain = try Canvas.plain(layout)
        let slanted = try Canvas.render(SlantedLinesRenderer(shear: 0.5), layout)
        let bar = try #require(plain.inkBox())
        let baselineY = (try #require(layout.first)).typographicBounds.origin.y + Canvas.margin
        // Bands of rows at the top and the bottom of the bar: each moves right by shear × its height above the baseline.
        for band in [PixelRegion(minX: 0, minY: bar.minY, maxX: slanted.width - 1, maxY: bar.minY + 5),
                     PixelRegion(minX: 0, minY: bar.maxY - 5, maxX: slanted.width - 1, maxY: bar.maxY)] {
            let before = try #require(plain.inkCentroid(in: band)), after = try #require(slanted.inkCentroid(in: band))
            let expected = 0.5 * (baselineY - band.midY - 0.5)
            #expect(abs((after.x - before.x) - expected) < 0.6, "rows \(band.minY)…\(band.maxY) moved \(after.x - before.x), expected \(expected)")
        }
    }
}
