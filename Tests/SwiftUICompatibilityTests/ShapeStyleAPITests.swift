import Foundation
import RenderPipeline
import Testing

/// SwiftUI's shape-style surface as SwiftUI code uses it: `opacity(_:)` and the hierarchical
/// levels on any style, `AnyShapeStyle`, `Color.gradient`, `Gradient` as a style and
/// `Color.Resolved`; checked by the pixels they paint.
@Suite struct ShapeStyleAPITests {
    /// What `shading` paints over a 40 × 100 transparent surface.
    func painted(_ shading: GraphicsContext.Shading) throws -> ImageSurface {
        let surface = try ImageSurface(width: 40, height: 100)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 100)), with: shading)
        return surface
    }

    func near(_ a: Double, _ b: Double, within tolerance: Double = 1.5 / 255) -> Bool { abs(a - b) <= tolerance }

    func near(_ a: Color, _ b: Color, within tolerance: Double = 1.5 / 255) -> Bool {
        near(a.red, b.red, within: tolerance) && near(a.green, b.green, within: tolerance)
            && near(a.blue, b.blue, within: tolerance) && near(a.alpha, b.alpha, within: tolerance)
    }

    /// A shape style of the app's own, made of the library's, as SwiftUI code writes one.
    func accent<S: ShapeStyle>(_ style: S) -> some ShapeStyle { style.opacity(0.5) }

    @Test func opacityWorksOnEveryKindOfStyle() throws {
        // A colour through the generic `ShapeStyle.opacity`, not `Color.opacity`.
        let red = try painted(.style(accent(Color.red))).pixel(x: 20, y: 50)
        #expect(near(red, Color.red.opacity(0.5), within: 2 / 255), "\(red)")

        // A gradient: every stop at half opacity, top to bottom still red to blue.
        let gradient = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
        let faded = try painted(.style(gradient.opacity(0.5)))
        #expect(near(faded.pixel(x: 20, y: 0).alpha, 0.5, within: 2 / 255))
        #expect(near(faded.pixel(x: 20, y: 99).alpha, 0.5, within: 2 / 255))
        #expect(faded.pixel(x: 20, y: 0).red > 0.9 && faded.pixel(x: 20, y: 99).blue > 0.9)

        // Stacked: 0.5 × 0.5.
        let twice = try painted(.style(AnyShapeStyle(Color.green).opacity(0.5).opacity(0.5))).pixel(x: 20, y: 50)
        #expect(near(twice.alpha, 0.25, within: 2 / 255))

        // A hierarchical style: .secondary (0.6) at half opacity.
        let secondary = try painted(.style(HierarchicalShapeStyle.secondary.opacity(0.5))).pixel(x: 20, y: 50)
        #expect(near(secondary.alpha, 0.3, within: 2 / 255))
    }

    @Test func hierarchicalLevelsOfAnyStyleFadeDownTheLadder() throws {
        let blue = Color.blue
        for (style, opacity) in [(AnyShapeStyle(blue.secondary), 0.6), (AnyShapeStyle(blue.tertiary), 0.3),
                                 (AnyShapeStyle(blue.quaternary), 0.18), (AnyShapeStyle(blue.quinary), 0.05)] {
            let pixel = try painted(.style(style)).pixel(x: 20, y: 50)
            #expect(near(pixel.alpha, opacity, within: 2 / 255), "\(opacity): \(pixel)")
            if opacity > 0.1 { #expect(near(pixel, blue.opacity(opacity), within: 3 / 255), "\(opacity): \(pixel)") }
        }
        // The hierarchical styles move down their own ladder: .secondary's second level is .tertiary.
        let nested = try painted(.style(HierarchicalShapeStyle.secondary.secondary)).pixel(x: 20, y: 50)
        let tertiary = try painted(.style(HierarchicalShapeStyle.tertiary)).pixel(x: 20, y: 50)
        #expect(near(nested, tertiary, within: 0))
        #expect(near(tertiary.alpha, 0.3, within: 2 / 255))
    }

    @Test func colorGradientRunsFromALighterColorAtTheTopToTheColorAtTheBottom() throws {
        let surface = try painted(.style(Color.blue.gradient))
        let top = surface.pixel(x: 20, y: 0), bottom = surface.pixel(x: 20, y: 99)
        // Bottom: the colour itself (within the last row's step); top: lighter, same hue family.
        #expect(near(bottom, .blue, within: 4 / 255), "\(bottom)")
        #expect(top.red > bottom.red + 0.2 && top.green > bottom.green + 0.1, "\(top)")
        #expect(top.blue > 0.95 && top.alpha > 0.99)
        // Lightness raised by 0.15: system blue's HSL lightness is 0.5 → 0.65.
        let lightness = (max(top.red, top.green, top.blue) + min(top.red, top.green, top.blue)) / 2
        #expect(near(lightness, 0.65, within: 0.02), "\(lightness)")
        // An AnyGradient is the same gradient whatever built it.
        let built = try painted(.style(AnyGradient(Gradient(colors: [.red, .blue]))))
        let plain = try painted(.style(Gradient(colors: [.red, .blue])))
        #expect(built.differingPixels(from: plain) == 0)
        #expect(near(plain.pixel(x: 20, y: 0), .red, within: 4 / 255) && near(plain.pixel(x: 20, y: 99), .blue, within: 4 / 255))
        // Faded as a whole, and turned sideways with `.linearGradient(_:startPoint:endPoint:)`.
        #expect(near(try painted(.style(Color.blue.gradient.opacity(0.5))).pixel(x: 20, y: 50).alpha, 0.5, within: 2 / 255))
        let sideways = try painted(.style(.linearGradient(Color.red.gradient, startPoint: .leading, endPoint: .trailing)))
        #expect(sideways.pixel(x: 0, y: 0) == sideways.pixel(x: 0, y: 99))
        #expect(sideways.pixel(x: 0, y: 50).green > sideways.pixel(x: 39, y: 50).green + 0.1)
    }

    @Test func resolvedColorsReadAsSwiftUIs() throws {
        let resolved = Color(red: 0.5, green: 0.25, blue: 1, alpha: 0.8).resolve(in: EnvironmentValues())
        #expect(abs(resolved.red - 0.5) < 1e-6 && abs(resolved.green - 0.25) < 1e-6 && abs(resolved.blue - 1) < 1e-6)
        #expect(abs(resolved.opacity - 0.8) < 1e-6)
        // sRGB 0.5 is 21.4 % linear light.
        #expect(abs(resolved.linearRed - 0.21404) < 1e-4)
        let linear = Color.Resolved(colorSpace: .sRGBLinear, red: 0.21404, green: 0, blue: 1)
        #expect(abs(linear.red - 0.5) < 1e-4 && linear.opacity == 1)
        let plain = Color.Resolved(red: 1, green: 0, blue: 0)
        #expect(plain.description == "#FF0000FF")
        #expect(plain == Color.Resolved(colorSpace: .sRGB, red: 1, green: 0, blue: 0, opacity: 1))
        #expect(Color(plain) == Color(red: 1, green: 0, blue: 0))
        var edited = plain
        edited.green = 0.5
        #expect(abs(edited.linearGreen - 0.21404) < 1e-4)

        // Animating blends in linear light: halfway between black and white is 50 % linear,
        // about 0.735 encoded.
        var mid = Color.Resolved(red: 0, green: 0, blue: 0)
        var data = mid.animatableData
        data += (Color.Resolved(red: 1, green: 1, blue: 1).animatableData - data).scaled(by: 0.5)
        mid.animatableData = data
        #expect(abs(mid.red - 0.7354) < 1e-3)

        // A resolved colour is a style.
        let pixel = try painted(.style(Color.Resolved(red: 0, green: 0.5, blue: 1, opacity: 0.5))).pixel(x: 20, y: 50)
        #expect(near(pixel, Color(red: 0, green: 0.5, blue: 1, alpha: 0.5), within: 2 / 255), "\(pixel)")
    }

    @Test func radialAndAngularGradientsAsSwiftUICodeWritesThem() throws {
        // Each of SwiftUI's spellings, as written in SwiftUI code, painting the 40 × 100 surface.
        let styles: [AnyShapeStyle] = [
            AnyShapeStyle(RadialGradient(gradient: Gradient(colors: [.red, .blue]), center: .center, startRadius: 0, endRadius: 50)),
            AnyShapeStyle(RadialGradient(colors: [.red, .blue], center: .topLeading, startRadius: 5, endRadius: 80)),
            AnyShapeStyle(RadialGradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 0.8)],
                                         center: .bottom, startRadius: 0, endRadius: 30)),
            AnyShapeStyle(.radialGradient(Color.blue.gradient, endRadius: 80)),
            AnyShapeStyle(.radialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 20)),
            AnyShapeStyle(AngularGradient(gradient: Gradient(colors: [.red, .blue]), center: .center)),
            AnyShapeStyle(AngularGradient(colors: [.red, .blue], center: .center, startAngle: .degrees(0), endAngle: .degrees(180))),
            AnyShapeStyle(AngularGradient(gradient: Gradient(colors: [.red, .blue]), center: .center, angle: .degrees(90))),
            AnyShapeStyle(.conicGradient(colors: [.red, .blue], center: .center)),
            AnyShapeStyle(.angularGradient(Color.red.gradient, startAngle: .zero, endAngle: .degrees(90))),
            AnyShapeStyle(.conicGradient(Color.blue.gradient, angle: .degrees(45))),
        ]
        for (index, style) in styles.enumerated() {
            let surface = try painted(.style(style))
            #expect(surface.pixel(x: 20, y: 50).alpha > 0.99, "style \(index)")
        }
        // A radial gradient around the top: red at the top edge's middle, blue far below.
        let radial = try painted(.style(RadialGradient(colors: [.red, .blue], center: .top, startRadius: 0, endRadius: 60)))
        #expect(near(radial.pixel(x: 20, y: 0), .red, within: 10 / 255), "\(radial.pixel(x: 20, y: 0))")
        #expect(near(radial.pixel(x: 20, y: 99), .blue), "\(radial.pixel(x: 20, y: 99))")
        // Text takes them as its foreground style.
        _ = Text("Hi").foregroundStyle(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10))
        _ = Text("Hi").foregroundStyle(.conicGradient(colors: [.red, .blue], center: .center))
    }
}
