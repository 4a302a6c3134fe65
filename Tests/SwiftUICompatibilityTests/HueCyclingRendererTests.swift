import RenderPipeline
import Testing

/// Each glyph is drawn with its hue turned one step further than the one before.
///
/// Asserts: The colour measured inside each block glyph is red turned by 0°, 120° and 240° with the
/// `feColorMatrix` hue-rotation matrix (within 0.02), and red, green, then blue dominates.
@Suite struct HueCyclingRendererTests {
    /// Full blocks: solid ink to sample at each glyph's centre.
    let layout = Canvas.layout(Text("\u{2588}\u{2588}\u{2588}").foregroundColor(.red).font(Fixtures.font()))

    /// `color` turned by `degrees` with the hue rotation matrix of SVG's `feColorMatrix` (and CSS `hue-rotate()`).
    func hueRotated(_ color: Color, degrees: Double) -> Color {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let r = color.red, g = color.green, b = color.blue
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(red: clamp((0.213 + c * 0.787 - s * 0.213) * r + (0.715 - c * 0.715 - s * 0.715) * g + (0.072 - c * 0.072 + s * 0.928) * b),
                     green: clamp((0.213 - c * 0.213 + s * 0.143) * r + (0.715 + c * 0.285 + s * 0.140) * g + (0.072 - c * 0.072 - s * 0.283) * b),
                     blue: clamp((0.213 - c * 0.213 - s * 0.787) * r + (0.715 - c * 0.715 + s * 0.715) * g + (0.072 + c * 0.928 + s * 0.072) * b))
    }

    @Test func eachGlyphIsTurnedOneStepFurther() throws {
        let surface = try Canvas.render(HueCyclingRenderer(step: .degrees(120)), layout)
        let slices = Fixtures.slices(of: layout)
        #expect(slices.count == 3)
        var measured: [Color] = []
        for slice in slices {
            let rect = slice.typographicBounds.rect
            let (x, y) = Canvas.pixel(at: CGPoint(x: rect.midX, y: slice.typographicBounds.origin.y - rect.height / 4))
            measured.append(surface.pixel(x: x, y: y))
        }
        for (index, color) in measured.enumerated() {
            let expected = hueRotated(.red, degrees: 120 * Double(index))
            #expect(isClose(color, expected, within: 0.02), "glyph \(index): \(color), expected \(expected)")
        }
        // Red, then green, then blue dominates.
        #expect(measured[0].red > max(measured[0].green, measured[0].blue) + 0.3)
        #expect(measured[1].green > max(measured[1].red, measured[1].blue) + 0.2)
        #expect(measured[2].blue > max(measured[2].red, measured[2].green) + 0.2)
    }
}
