import RenderPipeline
import Testing

/// Runs appear one after another, on a spring, and end as the plain text.
///
/// Asserts: Early on, run 0 is partly drawn and runs 1 and 2 not at all; later, run 0 is further along than run 1,
/// which has started, and run 2 has not; a rising run's ink sits below its place; at the total
/// duration the output is byte-identical to the plain text and at 0 it is empty; `animatableData` is the elapsed time.
@Suite struct StaggeredAppearRendererTests {
    /// Three runs (the colours split them), each a word.
    let layout = Canvas.layout((Text("Rise ") + Text("and ").foregroundColor(.blue) + Text("shine").foregroundColor(.red))
        .font(Fixtures.font()))

    /// How much of run `index`'s plain ink is drawn in its box (grown to take in its motion).
    func shownFraction(ofRun index: Int, in surface: ImageSurface, plain: ImageSurface) -> Double {
        let run = Fixtures.runs(of: layout)[index]
        var region = Canvas.pixels(of: run.typographicBounds.rect)
        region.minY -= 4
        region.maxY += 24
        return surface.totalInk(in: region) / plain.totalInk(in: region)
    }

    @Test func theTextHasThreeRuns() {
        #expect(Fixtures.runs(of: layout).count == 3)
    }

    @Test func runsAppearOneAfterAnother() throws {
        let plain = try Canvas.plain(layout)
        let early = try Canvas.render(StaggeredAppearRenderer(elapsedTime: 0.15), layout)
        #expect(shownFraction(ofRun: 0, in: early, plain: plain) > 0.05, "run 0 has started at 0.15 s")
        #expect(shownFraction(ofRun: 1, in: early, plain: plain) == 0, "run 1 waits for its delay")
        #expect(shownFraction(ofRun: 2, in: early, plain: plain) == 0)

        let later = try Canvas.render(StaggeredAppearRenderer(elapsedTime: 0.45), layout)
        let shown = (0..<3).map { shownFraction(ofRun: $0, in: later, plain: plain) }
        #expect(shown[0] > shown[1], "run 0 is further along than run 1: \(shown)")
        #expect(shown[1] > 0, "run 1 has started at 0.45 s: \(shown)")
        #expect(shown[2] == 0, "run 2 starts at 0.5 s: \(shown)")
    }

    @Test func runsRiseFromBelowOnTheSpring() throws {
        let plain = try Canvas.plain(layout)
        let rising = try Canvas.render(StaggeredAppearRenderer(elapsedTime: 0.1), layout)
        var box = Canvas.pixels(of: Fixtures.runs(of: layout)[0].typographicBounds.rect)
        box.minY -= 10
        box.maxY += 24
        let start = try #require(rising.inkCentroid(in: box)), end = try #require(plain.inkCentroid(in: box))
        #expect(start.y - end.y > 3, "run 0 is still below its place at 0.1 s (\(start.y) vs \(end.y))")
        #expect(abs(start.x - end.x) < 1, "it moves vertically only")
    }

    @Test func endsOnThePlainText() throws {
        let renderer = StaggeredAppearRenderer(elapsedTime: 0)
        let end = renderer.totalDuration(runCount: 3)
        #expect(end == 1)
        let finished = try Canvas.render(StaggeredAppearRenderer(elapsedTime: end), layout)
        #expect(finished.differingPixels(from: try Canvas.plain(layout)) == 0)
        let nothingYet = try Canvas.render(renderer, layout)
        #expect(nothingYet.inkBox() == nil, "at 0 s nothing is drawn")
    }

    @Test func animatableDataIsTheElapsedTime() throws {
        var renderer = StaggeredAppearRenderer(elapsedTime: 0)
        renderer.animatableData = 0.45
        #expect(renderer.elapsedTime == 0.45)
        let viaData = try Canvas.render(renderer, layout)
        #expect(viaData.differingPixels(from: try Canvas.render(StaggeredAppearRenderer(elapsedTime: 0.45), layout)) == 0)
    }
}
