import RenderPipeline
import Testing

/// A badge marks the last line only when the text is truncated.
///
/// Asserts: With a line limit that cuts the text, the orange badge lies on the last line, right of its ink, at its
/// trailing edge plus the gap, and nothing else changes; when everything fits there is no orange
/// and the output is byte-identical to the plain text.
@Suite struct TruncationBadgeRendererTests {
    let text = Text("The quick brown fox jumps over the lazy dog and keeps on running far away from home")
        .font(Fixtures.font(24))

    func isOrange(_ c: Color) -> Bool { isClose(c, .orange, within: 0.1) }

    @Test func marksTheLastLineOfATruncatedText() throws {
        let layout = Canvas.layout(text, width: 300, lineLimit: 2)
        #expect(layout.isTruncated)
        #expect(layout.count == 2)
        let surface = try Canvas.render(TruncationBadgeRenderer(), layout)
        let badge = try #require(surface.inkBox(matching: isOrange))
        let last = try #require(layout.last)
        let lastLine = Canvas.pixels(of: last.typographicBounds.rect)
        // On the last line, vertically…
        #expect(badge.minY >= lastLine.minY && badge.maxY <= lastLine.maxY, "\(badge) within \(lastLine)")
        // …and past its trailing end: right of all the line's ink.
        let ink = try #require(try Canvas.plain(layout).inkBox(in: lastLine))
        #expect(badge.minX > ink.maxX, "\(badge) after \(ink)")
        #expect(abs(Double(badge.minX) - (last.typographicBounds.rect.maxX + 4 + Canvas.margin)) <= 1.5)
        // Nothing else changed.
        var around = badge
        around.minX -= 1; around.minY -= 1; around.maxX += 1; around.maxY += 1
        #expect(surface.differingPixels(from: try Canvas.plain(layout), excluding: around) == 0)
    }

    @Test func drawsNoBadgeWhenEverythingFits() throws {
        let layout = Canvas.layout(text, width: 300)
        #expect(!layout.isTruncated)
        let surface = try Canvas.render(TruncationBadgeRenderer(), layout)
        #expect(surface.inkBox(matching: isOrange) == nil)
        #expect(surface.differingPixels(from: try Canvas.plain(layout)) == 0)
    }
}
