import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The one paint model drawn: where a gradient's colours land for each placement, and that the
/// faces (`Shading`, the `ShapeStyle` gradients) draw what their `Paint` draws.
@Suite struct PaintTests {
    func blank(_ width: Int = 200, _ height: Int = 100) throws -> (ImageSurface, GraphicsContext) {
        let surface = try ImageSurface(width: width, height: height)
        return (surface, GraphicsContext(surface: surface))
    }

    func near(_ a: Color, _ b: Color, within tolerance: Double = 3 / 255) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    /// `a` and `b` mixed as Cairo interpolates: channel by channel, `t` of the way to `b`.
    func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
              blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// Halfway from SwiftUI's red to its blue.
    var purple: Color { mix(.red, .blue, 0.5) }

    @Test func aUnitPointLinearGradientStartsAtItsStartPointOfWhatItFills() throws {
        let (surface, context) = try blank()
        // A rectangle away from the origin: unit points are of its bounds, not of the surface.
        let rect = CGRect(x: 40, y: 20, width: 100, height: 50)
        context.fill(Path(rect), with: .style(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)))
        #expect(near(surface.pixel(x: 40, y: 45), .red, within: 8 / 255), "\(surface.pixel(x: 40, y: 45))")
        #expect(near(surface.pixel(x: 139, y: 45), .blue, within: 8 / 255), "\(surface.pixel(x: 139, y: 45))")
        #expect(near(surface.pixel(x: 90, y: 45), purple, within: 6 / 255), "\(surface.pixel(x: 90, y: 45))")
        // Top to bottom runs down the rectangle.
        context.fill(Path(rect), with: .style(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)))
        #expect(near(surface.pixel(x: 90, y: 20), .red, within: 12 / 255), "\(surface.pixel(x: 90, y: 20))")
        #expect(near(surface.pixel(x: 90, y: 69), .blue, within: 12 / 255), "\(surface.pixel(x: 90, y: 69))")
    }

    @Test func theAngleProjectionIsTheOneItWas() {
        // The projection FillEffect and setSource each had a copy of, written out once more.
        func old(_ degrees: Double, _ bounds: CGRect) -> (CGPoint, CGPoint) {
            let radians = degrees * .pi / 180
            let dx = cos(radians), dy = sin(radians)
            let half = (abs(dx) * bounds.width + abs(dy) * bounds.height) / 2
            return (CGPoint(x: bounds.midX - dx * half, y: bounds.midY - dy * half), CGPoint(x: bounds.midX + dx * half, y: bounds.midY + dy * half))
        }
        let bounds = CGRect(x: 13, y: -7, width: 311, height: 47)
        for degrees in [0.0, 30, 45, 90, 135, 200, -60, 1234] {
            let gradient = LinearGradient(colors: [.red, .blue], angle: degrees)
            let (start, end) = gradient.endPoints(in: bounds)
            let (oldStart, oldEnd) = old(degrees, bounds)
            #expect(start == oldStart && end == oldEnd, "\(degrees)°")
            // Pinned, the same points, fixed.
            #expect(Paint.linearGradient(gradient).pinned(to: bounds)
                    == .linearGradient(LinearGradient(gradient: gradient.gradient, placement: .points(start: .point(oldStart), end: .point(oldEnd)))))
        }
    }

    @Test func anAngleGradientDrawsAsItsPinnedPoints() throws {
        let rect = CGRect(x: 10, y: 10, width: 170, height: 60)
        let angled = Paint.linearGradient(LinearGradient(colors: [.red, .green, .blue], locations: [0, 0.3, 1], angle: 30))
        let (a, contextA) = try blank()
        contextA.fill(Path(rect), with: angled)
        let (b, contextB) = try blank()
        contextB.fill(Path(rect), with: angled.pinned(to: rect))
        #expect(a.withPixels { Data($0) }.elementsEqual(b.withPixels { Data($0) }))
    }

    @Test func aRadialGradientGrowsFromItsCentre() throws {
        let (surface, context) = try blank()
        let gradient = RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 40)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)), with: .style(gradient))
        #expect(near(surface.pixel(x: 100, y: 50), .red, within: 8 / 255), "\(surface.pixel(x: 100, y: 50))")
        // Halfway out, in any direction; past the end circle, the last colour.
        #expect(near(surface.pixel(x: 120, y: 50), purple, within: 8 / 255), "\(surface.pixel(x: 120, y: 50))")
        #expect(near(surface.pixel(x: 100, y: 70), purple, within: 8 / 255), "\(surface.pixel(x: 100, y: 70))")
        #expect(near(surface.pixel(x: 170, y: 50), .blue), "\(surface.pixel(x: 170, y: 50))")
        // The shading face, with its centre in points, draws the same.
        let (shaded, shadedContext) = try blank()
        shadedContext.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)),
                           with: .radialGradient(Gradient(colors: [.red, .blue]), center: CGPoint(x: 100, y: 50), startRadius: 0, endRadius: 40))
        #expect(shaded.withPixels { Data($0) }.elementsEqual(surface.withPixels { Data($0) }))
    }

    @Test func aConicGradientSweepsClockwiseFromItsAngle() throws {
        let (surface, context) = try blank()
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)),
                     with: .style(AngularGradient(colors: [.red, .blue], center: .center, angle: .zero)))
        // Just past 0° (below +x in y-down coordinates): the first colour; just before 360°: the last.
        #expect(near(surface.pixel(x: 180, y: 52), .red, within: 10 / 255), "\(surface.pixel(x: 180, y: 52))")
        #expect(near(surface.pixel(x: 180, y: 48), .blue, within: 10 / 255), "\(surface.pixel(x: 180, y: 48))")
        // Half a turn: halfway.
        #expect(near(surface.pixel(x: 20, y: 50), purple, within: 10 / 255), "\(surface.pixel(x: 20, y: 50))")
        // A quarter turn, straight down: a quarter of the way.
        #expect(near(surface.pixel(x: 100, y: 95), mix(.red, .blue, 0.25), within: 10 / 255), "\(surface.pixel(x: 100, y: 95))")
        // The shading face, with its centre in points, draws the same.
        let (shaded, shadedContext) = try blank()
        shadedContext.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)),
                           with: .conicGradient(Gradient(colors: [.red, .blue]), center: CGPoint(x: 100, y: 50)))
        #expect(shaded.withPixels { Data($0) }.elementsEqual(surface.withPixels { Data($0) }))
    }

    @Test func aPartialAngularGradientFillsItsGapAsSwiftUIDoes() throws {
        let (surface, context) = try blank(200, 200)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 200)),
                     with: .style(AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(90))))
        // 45°: halfway through the sweep.
        #expect(near(surface.pixel(x: 160, y: 160), purple, within: 10 / 255), "\(surface.pixel(x: 160, y: 160))")
        // The gap (90°…360°): its first half the last colour, its second the first.
        #expect(near(surface.pixel(x: 40, y: 140), .blue), "\(surface.pixel(x: 40, y: 140))") // 135°
        #expect(near(surface.pixel(x: 160, y: 40), .red), "\(surface.pixel(x: 160, y: 40))") // 315°
    }

    @Test func opacityAndPinningReachEveryGradient() {
        let radial = Paint.radialGradient(RadialGradient(colors: [.red, .blue], center: .top, startRadius: 0, endRadius: 10))
        #expect(radial.pinned(to: CGRect(x: 10, y: 20, width: 100, height: 50))
                == .radialGradient(RadialGradient(gradient: Gradient(colors: [.red, .blue]), centeredAt: .point(CGPoint(x: 60, y: 20)),
                                                  startRadius: 0, endRadius: 10)))
        guard case .angularGradient(let faded) = Paint.angularGradient(AngularGradient(colors: [.red, .blue], center: .center))
            .multiplyingOpacity(by: 0.5) else { Issue.record("not angular"); return }
        #expect(faded.gradient.stops.map(\.color.alpha) == [0.5, 0.5])
    }
}
