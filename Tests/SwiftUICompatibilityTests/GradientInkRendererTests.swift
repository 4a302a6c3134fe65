import RenderPipeline
import Testing

/// The glyphs, made the clip by `clipToLayer`, are filled with a gradient.
///
/// Asserts: Every pixel the glyphs fully cover has the gradient's colour at its x (within 0.03), and every pixel
/// the plain text leaves white stays white.
@Suite struct GradientInkRendererTests {
    let layout = Canvas.layout(Text("Gradient").font(Fixtures.font()), width: 400)

    @Test func glyphsTakeTheGradientsColourWhereTheyStand() throws {
        let plain = try Canvas.plain(layout), surface = try Canvas.render(GradientInkRenderer(colors: [.red, .blue]), layout)
        let bounds = layout.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
        var checked = 0
        for (x, y) in plain.coordinates() where plain.pixel(x: x, y: y).red == 0 {
            // Fully covered pixel: its colour is the gradient's at its centre.
            let t = min(max((Double(x) + 0.5 - Canvas.margin - bounds.minX) / bounds.width, 0), 1)
            let expected = Color(red: Color.red.red + (Color.blue.red - Color.red.red) * t,
                                 green: Color.red.green + (Color.blue.green - Color.red.green) * t,
                                 blue: Color.red.blue + (Color.blue.blue - Color.red.blue) * t)
            #expect(isClose(surface.pixel(x: x, y: y), expected, within: 0.03), "(\(x), \(y))")
            checked += 1
        }
        #expect(checked > 200)
    }

    @Test func paintsNothingOutsideTheGlyphs() throws {
        let plain = try Canvas.plain(layout), surface = try Canvas.render(GradientInkRenderer(), layout)
        for (x, y) in plain.coordinates() where plain.pixel(x: x, y: y) == .white {
            #expect(surface.pixel(x: x, y: y) == .white)
        }
    }
}
