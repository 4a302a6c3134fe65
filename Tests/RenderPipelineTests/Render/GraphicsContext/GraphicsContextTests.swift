import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

@Suite struct GraphicsContextTests {
    func blank(_ width: Int = 200, _ height: Int = 100) throws -> (ImageSurface, GraphicsContext) {
        let surface = try ImageSurface(width: width, height: height)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .white)
        return (surface, context)
    }

    @Test func changingACopyNeverAffectsTheOriginal() throws {
        let (surface, context) = try blank()
        var copy = context
        copy.translateBy(x: 100, y: 0)
        copy.rotate(by: 0.3)
        copy.opacity(0.5)
        copy.addFilter(.blur(radius: 4))
        copy.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(context.canvasTransform == .identity)
        #expect(context.opacity == 1)
        // The original still draws a crisp, opaque, untransformed square at the origin.
        context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .red)
        #expect(surface.pixel(x: 12, y: 12) == .red)
        #expect(surface.pixel(x: 110 + 2, y: 12) == .white)
        #expect(surface.pixel(x: 9, y: 12) == .white)
    }

    @Test func transformsComposeInOrder() throws {
        var (_, context) = try blank()
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 2)
        let p = context.convertToCanvas(CGPoint(x: 5, y: 5))
        #expect(p == CGPoint(x: 20, y: 30))
    }

    @Test func opacityMultipliesAlpha() throws {
        var (surface, context) = try blank()
        context.opacity(0.5)
        context.opacity(0.5)
        context.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 50)), with: .black)
        let gray = surface.pixel(x: 25, y: 25)
        #expect(abs(gray.red - 0.75) < 0.01)
    }

    @Test func clipConfinesDrawing() throws {
        var (surface, context) = try blank()
        context.clip(to: CGRect(x: 0, y: 0, width: 50, height: 100))
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)), with: .blue)
        #expect(surface.pixel(x: 49, y: 50) == .blue)
        #expect(surface.pixel(x: 51, y: 50) == .white)
    }

    /// Blur draws in a layer over the operation's bounds plus the blur's reach only.
    @Test func blurLeavesPixelsOutsideItsBoundsUntouched() throws {
        TestFonts.pin()
        let layout = TextLayout(RichText(spans: [Span("visible "), Span("SECRET", attributes: AttributeSet(json: ["blur": .object([:])])), Span(" visible")],
                                         baseStyle: Style(font: FontDescriptor(family: "DejaVu Sans", size: 24))),
                                options: LayoutOptions(width: 400))
        struct BlurMarked: TextRenderer {
            func draw(layout: TextLayout, in context: inout GraphicsContext) {
                for run in layout.runs {
                    var copy = context
                    if run.attributes.contains("blur") { copy.addFilter(.blur(radius: 4)) }
                    copy.draw(run)
                }
            }
        }
        let (plain, plainContext) = try blank(400, 60)
        var c1 = plainContext
        DefaultTextRenderer().draw(layout: layout, in: &c1)
        let (blurred, blurContext) = try blank(400, 60)
        var c2 = blurContext
        BlurMarked().draw(layout: layout, in: &c2)

        let secret = layout.runs[1].typographicBounds.rect
        let reach = 3 * 4.0 + 1 + 24 * 0.5 + 1  // blur reach + ink padding + rounding
        let affected = secret.insetBy(dx: -reach, dy: -reach)
        var changedInside = 0
        for y in 0..<60 {
            for x in 0..<400 {
                let a = plain.pixel(x: x, y: y), b = blurred.pixel(x: x, y: y)
                if affected.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    if a != b { changedInside += 1 }
                } else {
                    #expect(a == b, "pixel \(x),\(y) outside the blurred run changed")
                    if a != b { return }
                }
            }
        }
        #expect(changedInside > 200, "the blurred run must actually change")
    }

    @Test func boxBlurApproximatesAGaussian() {
        // A white 5×5 square blurred: symmetric, highest in the middle, falling off, bounded reach.
        let size = 61, c = 30
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        for y in (c - 2)...(c + 2) { for x in (c - 2)...(c + 2) { for k in 0..<4 { pixels[(y * size + x) * 4 + k] = 255 } } }
        pixels.withUnsafeMutableBufferPointer { BoxBlur.apply(to: $0.baseAddress!, width: size, height: size, stride: size * 4, sigma: 3) }
        let alpha = { (x: Int, y: Int) in Int(pixels[(y * size + x) * 4 + 3]) }
        #expect(alpha(c, c) > alpha(c + 4, c))
        #expect(alpha(c + 4, c) > alpha(c + 8, c))
        #expect(alpha(c + 4, c) == alpha(c - 4, c))
        #expect(alpha(c, c + 6) == alpha(c, c - 6))
        #expect(alpha(c + 4, c) == alpha(c, c + 4))
        #expect(alpha(c + 2 + Int(BoxBlur.reach(sigma: 3)), c) == 0)
        #expect(BoxBlur.boxRadii(sigma: 8).reduce(0, +) >= 12)
    }

    @Test func shadowIsDrawnOffsetBelowTheShape() throws {
        var (surface, context) = try blank()
        context.addFilter(.shadow(color: .black, radius: 1, x: 10, y: 10))
        context.fill(Path(CGRect(x: 20, y: 20, width: 30, height: 30)), with: .red)
        #expect(surface.pixel(x: 30, y: 30) == .red)
        let shadow = surface.pixel(x: 55, y: 55)
        #expect(shadow.red < 0.3 && shadow.alpha == 1)
        #expect(surface.pixel(x: 15, y: 15) == .white)
    }

    @Test func drawLayerFadesAsOneImage() throws {
        var (surface, context) = try blank()
        context.opacity(0.5)
        context.drawLayer { layer in
            layer.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 60)), with: .black)
            layer.fill(Path(CGRect(x: 30, y: 30, width: 60, height: 60)), with: .black)
        }
        // The overlap is no darker than the rest: the layer was faded once.
        #expect(surface.pixel(x: 45, y: 45) == surface.pixel(x: 10, y: 10))
    }

    @Test func gradientFillRunsAlongItsAngle() throws {
        var (surface, context) = try blank()
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)),
                     with: .linearGradient(LinearGradient(colors: [.red, .blue])))
        #expect(surface.pixel(x: 1, y: 50).red > 0.95)
        #expect(surface.pixel(x: 198, y: 50).blue > 0.95)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)),
                     with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 90)))
        #expect(surface.pixel(x: 100, y: 1).red > 0.95)
        #expect(surface.pixel(x: 100, y: 98).blue > 0.95)
    }
}
