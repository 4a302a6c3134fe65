import RenderPipeline
import Testing

/// Lines turn and scale with an `AnimatablePair`.
///
/// Asserts: `animatableData` (0°, 1) is byte-identical to the plain text; (90°, 1) swaps the ink box's width and
/// height about the line's centre; (0°, 2) doubles it, twice as far from the centre; the pair
/// interpolates both values.
@Suite struct SpinZoomRendererTests {
    let layout = Canvas.layout(Text("I").font(Fixtures.font(60)), width: 200)

    func render(degrees: Double, scale: CGFloat) throws -> ImageSurface {
        var renderer = SpinZoomRenderer()
        renderer.animatableData = AnimatablePair(degrees, scale)
        return try Canvas.render(renderer, layout)
    }

    @Test func identityDataDrawsThePlainText() throws {
        #expect(try render(degrees: 0, scale: 1).differingPixels(from: try Canvas.plain(layout)) == 0)
    }

    @Test func aQuarterTurnLaysTheBarDownAboutTheLinesCentre() throws {
        let upright = try #require(try Canvas.plain(layout).inkBox())
        let turned = try #require(try render(degrees: 90, scale: 1).inkBox())
        #expect(abs(turned.width - upright.height) <= 2 && abs(turned.height - upright.width) <= 2, "\(upright) → \(turned)")
        let centre = Canvas.pixels(of: try #require(layout.first).typographicBounds.rect)
        #expect(abs(turned.midX - centre.midX) <= 1.5 && abs(turned.midY - centre.midY) <= 1.5, "\(turned) about \(centre)")
    }

    @Test func doublingTheScaleDoublesTheInk() throws {
        let plain = try Canvas.plain(layout)
        let upright = try #require(plain.inkBox()), big = try #require(try render(degrees: 0, scale: 2).inkBox())
        #expect(abs(big.height - 2 * upright.height) <= 2 && abs(big.width - 2 * upright.width) <= 2, "\(upright) → \(big)")
        let centre = Canvas.pixels(of: try #require(layout.first).typographicBounds.rect)
        // The ink moves away from the centre twice as far.
        #expect(abs((big.midY - centre.midY) - 2 * (upright.midY - centre.midY)) <= 1.5)
    }

    @Test func thePairInterpolatesBothValues() {
        let start = SpinZoomRenderer().animatableData
        let end = SpinZoomRenderer(angle: .degrees(90), scale: 2).animatableData
        var halfway = SpinZoomRenderer()
        halfway.animatableData = start + (end - start).scaled(by: 0.5)
        #expect(halfway.angle.degrees == 45)
        #expect(halfway.scale == 1.5)
    }
}
