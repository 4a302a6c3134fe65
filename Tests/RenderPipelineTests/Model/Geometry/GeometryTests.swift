import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// CoreGraphics' transform arithmetic, SwiftUI's colors, gradients and stroke styles.
@Suite struct GeometryTests {
    // MARK: CGAffineTransform

    @Test func pointsMapAsCoreGraphicsRowVectors() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // (a·x + c·y + tx, b·x + d·y + ty) for (10, 100).
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 10 + 300 + 5, y: 20 + 400 + 6))
        #expect(CGSize(width: 10, height: 100).applying(t) == CGSize(width: 310, height: 420))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 20)
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let p = CGPoint(x: 1, y: 1)
        // Translate to (11, 21), then scale.
        #expect(p.applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 63))
        // Scale to (2, 3), then translate.
        #expect(p.applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 23))
    }

    @Test func byMethodsPrependInTheTransformsOwnSpace() {
        let p = CGPoint(x: 1, y: 1)
        // Scaling, then translating in the scaled space: the translation is scaled too.
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 20)
        #expect(p.applying(t) == CGPoint(x: 22, y: 63))
        #expect(p.applying(CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 23))
        // Rotating after a translation turns the point about the translated origin.
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 5, y: 1)))
    }

    @Test func rotationTurnsTheXAxisTowardsTheYAxis() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
        #expect(close(CGPoint(x: 0, y: 1).applying(quarter), CGPoint(x: -1, y: 0)))
        #expect(close(CGAffineTransform.identity.rotated(by: .pi / 2).concatenating(quarter.inverted()), .identity))
    }

    @Test func inversesRoundTrip() {
        let t = CGAffineTransform(translationX: 7, y: -3).rotated(by: 0.7).scaledBy(x: 2, y: 0.5)
        let inverse = t.inverted()
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 12.5, y: -4), CGPoint(x: -100, y: 33)] {
            #expect(close(p.applying(t).applying(inverse), p))
        }
        #expect(close(t.concatenating(inverse), .identity))
        #expect(close(inverse.concatenating(t), .identity))
    }

    @Test func singularTransformsInvertToThemselves() {
        let flat = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(flat.inverted() == flat)
    }

    @Test func identityAndTheZeroInitializer() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(!CGAffineTransform(scaleX: 2, y: 1).isIdentity)
        // As CoreGraphics' C struct: every field zero, not the identity.
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(CGVector() == CGVector(dx: 0, dy: 0))
        #expect(CGVector.zero == CGVector())
    }

    @Test func rectsMapToTheBoundsOfTheirTransformedCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        // A quarter turn takes (10, 0) to (0, 10) and (0, 20) to (-20, 0).
        #expect(close(rect.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -20, y: 0, width: 20, height: 10)))
        // An eighth turn of a square: its diagonal becomes the width.
        let square = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(close(square, CGRect(x: -10 / 2.0.squareRoot(), y: 0, width: 10 * 2.0.squareRoot(), height: 10 * 2.0.squareRoot())))
        #expect(rect.applying(CGAffineTransform(translationX: 3, y: 4)) == CGRect(x: 3, y: 4, width: 10, height: 20))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    // MARK: Color

    func bytes(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }


    @Test func namedColorsAreIOSLightModeSystemColors() {
        let expected: [(Color, [Int])] = [
            (.red, [255, 59, 48]), (.orange, [255, 149, 0]), (.yellow, [255, 204, 0]), (.green, [52, 199, 89]),
            (.mint, [0, 199, 190]), (.teal, [48, 176, 199]), (.cyan, [50, 173, 230]), (.blue, [0, 122, 255]),
            (.indigo, [88, 86, 214]), (.purple, [175, 82, 222]), (.pink, [255, 45, 85]), (.brown, [162, 132, 94]),
            (.gray, [142, 142, 147]), (.primary, [0, 0, 0]), (.secondary, [60, 60, 67]), (.accentColor, [0, 122, 255]),
        ]
        for (color, rgb) in expected {
            #expect(bytes(color) == rgb, "\(color)")
        }
        #expect(Color.red == Color(red8: 255, green8: 59, blue8: 48))
        #expect(Color.secondary.alpha == 0.6)
        #expect([Color.red, .orange, .green, .blue, .gray, .primary].allSatisfy { $0.alpha == 1 })
    }

    @Test func blackWhiteAndClearAreExact() {
        #expect(Color.black == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(Color.white == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(Color.clear == Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func rgbAndWhiteInitializers() {
        #expect(Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5) == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6) == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(Color(white: 0.25) == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
        #expect(Color(white: 1, opacity: 0.3) == Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        // Half linear light is 188/255 encoded.
        let linear = Color(.sRGBLinear, white: 0.5)
        #expect(abs(linear.red - 0.735357) < 1e-5 && bytes(linear) == [188, 188, 188])
        // The curve's straight foot near black, and 1 stays 1.
        #expect(close(Color(.sRGBLinear, red: 0, green: 1, blue: 0.002), Color(red: 0, green: 1, blue: 0.002 * 12.92)))
    }

    @Test func displayP3ConvertsToSRGB() {
        // Gray is the same in both spaces: they share white point and transfer curve.
        #expect(close(Color(.displayP3, white: 0.5), Color(white: 0.5), within: 1e-6))
        // P3's pure red is outside sRGB: it clamps to sRGB's pure red.
        #expect(Color(.displayP3, red: 1, green: 0, blue: 0) == Color(red: 1, green: 0, blue: 0))
        // An in-gamut P3 orange becomes a more saturated sRGB orange.
        let orange = Color(.displayP3, red: 0.8, green: 0.5, blue: 0.3)
        #expect(orange.red > 0.8 && orange.green < 0.5 && orange.blue < 0.3)
    }

    @Test func hueSaturationBrightness() {
        #expect(close(Color(hue: 0, saturation: 1, brightness: 1), Color(red: 1, green: 0, blue: 0)))
        #expect(close(Color(hue: 1.0 / 3, saturation: 1, brightness: 1), Color(red: 0, green: 1, blue: 0)))
        #expect(close(Color(hue: 2.0 / 3, saturation: 1, brightness: 1), Color(red: 0, green: 0, blue: 1)))
        #expect(close(Color(hue: 1, saturation: 1, brightness: 1), Color(red: 1, green: 0, blue: 0)))
        // 30°: orange, half saturated, at 80% brightness.
        #expect(close(Color(hue: 30.0 / 360, saturation: 0.5, brightness: 0.8, opacity: 0.5),
                      Color(red: 0.8, green: 0.6, blue: 0.4, alpha: 0.5)))
        #expect(close(Color(hue: 0.7, saturation: 0, brightness: 0.3), Color(white: 0.3)))
    }

    // MARK: Gradient, strokes and fills

    @Test func gradientColorsSpreadEvenly() {
        let gradient = Gradient(colors: [.red, .green, .blue])
        #expect(gradient.stops.map(\.location) == [0, 0.5, 1])
        #expect(gradient.stops.map(\.color) == [.red, .green, .blue])
        #expect(Gradient(colors: [.red]).stops == [Gradient.Stop(color: .red, location: 0)])
        let stops = [Gradient.Stop(color: .white, location: 0.2), Gradient.Stop(color: .black, location: 0.9)]
        #expect(Gradient(stops: stops).stops == stops)
    }

    @Test func strokeAndFillStyleDefaultsMatchSwiftUI() {
        let stroke = StrokeStyle()
        #expect(stroke.lineWidth == 1 && stroke.lineCap == .butt && stroke.lineJoin == .miter)
        #expect(stroke.miterLimit == 10 && stroke.dash.isEmpty && stroke.dashPhase == 0)
        let dashed = StrokeStyle(lineWidth: 3, lineCap: .round, dash: [4, 2])
        #expect(dashed.lineWidth == 3 && dashed.lineCap == .round && dashed.dash == [4, 2])
        let fill = FillStyle()
        #expect(!fill.isEOFilled && fill.isAntialiased)
        #expect(FillStyle(eoFill: true, antialiased: false) == FillStyle(eoFill: true, antialiased: false))
        #expect(FillStyle(eoFill: true).isEOFilled)
    }
}
