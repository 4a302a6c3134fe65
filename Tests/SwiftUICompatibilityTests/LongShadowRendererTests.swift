import RenderPipeline
import Testing

/// A `.shadow` filter casts a blue shadow down and right.
///
/// Asserts: The blue shadow's far edges are the text's moved by the offset (within the blur), it starts right of
/// and below the text, solid ink stays black over it, and nothing else changes.
@Suite struct LongShadowRendererTests {
    let layout = Canvas.layout(Text("Shade").font(Fixtures.font()), width: 400)

    func isBlue(_ c: Color) -> Bool { c.blue - max(c.red, c.green) > 0.2 }

    @Test func castsTheShadowDownAndRight() throws {
        let renderer = LongShadowRenderer(color: .blue, radius: 2, offset: CGSize(width: 8, height: 8))
        let plain = try Canvas.plain(layout), surface = try Canvas.render(renderer, layout)
        let ink = try #require(plain.inkBox())
        let shadow = try #require(surface.inkBox(matching: isBlue))
        // The shadow's far edges are the text's moved by the offset, blurred by a few pixels.
        #expect(abs(shadow.maxX - (ink.maxX + 8)) <= 4 && abs(shadow.maxY - (ink.maxY + 8)) <= 4, "\(shadow) vs \(ink)")
        #expect(shadow.minX > ink.minX && shadow.minY > ink.minY, "\(shadow) vs \(ink)")
        // The text is drawn over its shadow: solid ink stays black.
        for (x, y) in plain.coordinates(in: ink) where plain.pixel(x: x, y: y).red == 0 {
            #expect(isClose(surface.pixel(x: x, y: y), .black, within: 0.01))
        }
        // Away from the text and its shadow, nothing.
        var reach = ink
        reach.maxX += 16; reach.maxY += 16; reach.minX -= 8; reach.minY -= 8
        #expect(surface.differingPixels(from: plain, excluding: reach) == 0)
    }
}
