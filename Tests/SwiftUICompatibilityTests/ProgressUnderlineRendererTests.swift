import RenderPipeline
import Testing

/// Glyph backs in a faded `Color.gradient`, a `.tertiary` track and a progress bar cut with
/// `trimmedPath` and filled as a `strokedPath`.
///
/// Asserts: under the space (no ink) the back runs from a lighter tint at the top to the tint at
/// the bottom, both at half opacity over white; the track is the tint at 30 % opacity; the bar
/// is the bar colour up to `progress` of the line's width (plus its round cap) and the track
/// after it.
@Suite struct ProgressUnderlineRendererTests {
    let layout = Canvas.layout(Text("A B").font(Fixtures.font()))

    /// `color` at `opacity` over white.
    func overWhite(_ color: Color, _ opacity: Double) -> Color {
        Color(red: 1 - opacity * (1 - color.red), green: 1 - opacity * (1 - color.green), blue: 1 - opacity * (1 - color.blue))
    }

    func near(_ a: Color, _ b: Color, within tolerance: Double) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
    }

    @Test func backsAreTheTintsGradientAtHalfOpacity() throws {
        let surface = try Canvas.render(ProgressUnderlineRenderer(progress: 0.5), layout, trailingRoom: 10)
        let space = Fixtures.slices(of: layout)[1]
        #expect(space.text == " ")
        let box = space.typographicBounds.rect
        let top = Canvas.pixel(at: CGPoint(x: box.midX, y: box.minY + 2))
        let bottom = Canvas.pixel(at: CGPoint(x: box.midX, y: box.maxY - 2))
        let topColor = surface.pixel(x: top.x, y: top.y), bottomColor = surface.pixel(x: bottom.x, y: bottom.y)
        // Near the bottom: the tint itself at half opacity (a few percent of the way up the ramp).
        #expect(near(bottomColor, overWhite(.blue, 0.5), within: 0.03), "\(bottomColor)")
        // Near the top: the lighter tint, also at half opacity, so lighter than the bottom.
        #expect(near(topColor, overWhite(Color.blue.gradientTop, 0.5), within: 0.03), "\(topColor)")
        #expect(topColor.red > bottomColor.red + 0.05 && topColor.green > bottomColor.green + 0.03)
    }

    @Test func theBarCoversTheLineUpToTheProgress() throws {
        let progress = 0.5
        let surface = try Canvas.render(ProgressUnderlineRenderer(progress: progress), layout, trailingRoom: 10)
        let bounds = try #require(layout.first).typographicBounds.rect
        let y = bounds.maxY + 8
        func color(atFraction fraction: Double, plus offset: Double = 0) -> Color {
            let p = Canvas.pixel(at: CGPoint(x: bounds.minX + bounds.width * fraction + offset, y: y))
            return surface.pixel(x: p.x, y: p.y)
        }
        let track = overWhite(.blue, 0.3)
        for fraction in [0.05, 0.25, 0.45] {
            #expect(near(color(atFraction: fraction), .red, within: 0.02), "bar at \(fraction): \(color(atFraction: fraction))")
        }
        // The round cap reaches 2 points past the cut, no further.
        #expect(near(color(atFraction: progress, plus: 0.5), .red, within: 0.1), "\(color(atFraction: progress, plus: 0.5))")
        #expect(near(color(atFraction: progress, plus: 4), track, within: 0.02), "\(color(atFraction: progress, plus: 4))")
        for fraction in [0.6, 0.8, 0.95] {
            #expect(near(color(atFraction: fraction), track, within: 0.02), "track at \(fraction): \(color(atFraction: fraction))")
        }
        // No progress: only the track; all of it: only the bar.
        let none = try Canvas.render(ProgressUnderlineRenderer(progress: 0), layout, trailingRoom: 10)
        let all = try Canvas.render(ProgressUnderlineRenderer(progress: 1), layout, trailingRoom: 10)
        let start = Canvas.pixel(at: CGPoint(x: bounds.minX + 3, y: y)), end = Canvas.pixel(at: CGPoint(x: bounds.maxX - 3, y: y))
        #expect(near(none.pixel(x: start.x, y: start.y), track, within: 0.02))
        #expect(near(all.pixel(x: end.x, y: end.y), .red, within: 0.02))
    }
}

extension Color {
    /// The top colour of `Color.gradient`, from the same rule (HSL lightness + 0.15), worked out
    /// here independently of the library.
    var gradientTop: Color {
        let high = max(red, green, blue), low = min(red, green, blue)
        let lightness = (high + low) / 2, raised = min(lightness + 0.15, 1)
        // Keeping hue and saturation, every component moves away from the grey of the same
        // lightness by the same factor.
        let factor = (1 - abs(2 * raised - 1)) / (1 - abs(2 * lightness - 1))
        func move(_ c: Double) -> Double { raised + (c - lightness) * factor }
        return Color(red: move(red), green: move(green), blue: move(blue))
    }
}
