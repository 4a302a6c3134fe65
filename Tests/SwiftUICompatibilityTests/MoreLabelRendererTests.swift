import RenderPipeline
import Testing

/// A "more" label follows a truncated text.
///
/// Asserts: When truncated, blue label ink lies on the last line past its ink; when everything fits the output is
/// byte-identical to the plain text. The label is centred on its point: a known issue here.
@Suite struct MoreLabelRendererTests {
    let text = Text("The quick brown fox jumps over the lazy dog and keeps on running far away from home")
        .font(Fixtures.font(24))
    /// Room past the text for the label, wherever it is anchored.
    let room = 80.0

    func isBlue(_ c: Color) -> Bool { c.blue - max(c.red, c.green) > 0.3 }

    @Test func labelsTheLastLineOfATruncatedTextOnly() throws {
        let truncated = Canvas.layout(text, width: 300, lineLimit: 2)
        let surface = try Canvas.render(MoreLabelRenderer(), truncated, trailingRoom: room)
        let label = try #require(surface.inkBox(matching: isBlue))
        let last = Canvas.pixels(of: try #require(truncated.last).typographicBounds.rect)
        let ink = try #require(try Canvas.plain(truncated, trailingRoom: room).inkBox(in: last))
        #expect(label.minX > ink.maxX, "after the last line's ink: \(label) vs \(ink)")
        #expect(label.minY >= last.minY - 4 && label.maxY <= last.maxY + 4, "on the last line: \(label) vs \(last)")

        let whole = Canvas.layout(text, width: 300)
        let untouched = try Canvas.render(MoreLabelRenderer(), whole, trailingRoom: room)
        #expect(untouched.differingPixels(from: try Canvas.plain(whole, trailingRoom: room)) == 0)
    }

    /// SwiftUI's `draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center)` centres the
    /// text on the point.
    @Test func theLabelIsCentredOnThePoint() throws {
        let truncated = Canvas.layout(text, width: 300, lineLimit: 2)
        let renderer = MoreLabelRenderer()
        let surface = try Canvas.render(renderer, truncated, trailingRoom: room)
        let label = try #require(surface.inkBox(matching: isBlue))
        let center = renderer.labelCenter(after: try #require(truncated.last).typographicBounds)
        #expect(abs(label.midX - (center.x + Canvas.margin)) <= 3, "label \(label), centre \(center)")
        #expect(abs(label.midY - (center.y + Canvas.margin)) <= 3, "label \(label), centre \(center)")
    }
}
