import RenderPipeline
import Testing

/// A `clipToLayer` mask reveals the text from the left.
///
/// Asserts: Halfway, the pixels left of the edge match the plain text, those right of the soft edge are empty and
/// the soft edge shows part of the ink; at 0 nothing is drawn, at 1 the plain text.
@Suite struct WipeRevealRendererTests {
    let layout = Canvas.layout(Text("Revealing words").font(Fixtures.font()), width: 400)
    var bounds: CGRect { layout.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) } }
    /// Compositing through a layer may round a component by one step.
    let rounding = 1.5 / 255

    @Test func halfwayShowsTheLeftAndHidesTheRight() throws {
        let renderer = WipeRevealRenderer(progress: 0.5)
        let plain = try Canvas.plain(layout), surface = try Canvas.render(renderer, layout)
        let edge = renderer.edge(in: bounds) + Canvas.margin
        let all = PixelRegion(minX: 0, minY: 0, maxX: surface.width - 1, maxY: surface.height - 1)
        var shown = all, hidden = all, soft = all
        shown.maxX = Int(edge) - 1
        hidden.minX = Int((edge + renderer.feather).rounded(.up)) + 1
        soft.minX = Int(edge) + 2
        soft.maxX = Int(edge + renderer.feather) - 2
        #expect(surface.differingPixels(from: plain, in: shown, tolerance: rounding) == 0, "left of the edge as drawn")
        #expect(plain.totalInk(in: hidden) > 0)
        #expect(surface.totalInk(in: hidden) == 0, "right of the soft edge, nothing")
        let fraction = surface.totalInk(in: soft) / plain.totalInk(in: soft)
        #expect(fraction > 0.2 && fraction < 0.8, "the soft edge shows part of the ink (\(fraction))")
    }

    @Test func startsHiddenAndEndsShown() throws {
        #expect(try Canvas.render(WipeRevealRenderer(progress: 0), layout).inkBox() == nil)
        let done = try Canvas.render(WipeRevealRenderer(progress: 1), layout)
        #expect(done.differingPixels(from: try Canvas.plain(layout), tolerance: rounding) == 0)
    }
}
