import Foundation
import RenderPipeline
import Testing

/// SwiftUI's `GraphicsContext` calls, drawn into a surface and read back pixel by pixel.
@Suite struct GraphicsContextSurfaceTests {
    init() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }

    func canvas(_ draw: (inout GraphicsContext) -> Void) throws -> ImageSurface {
        let surface = try ImageSurface(width: 100, height: 100)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.white))
        draw(&context)
        return surface
    }

    func bytes(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    }

    @Test func transformStartsAtIdentityAndConcatenates() throws {
        _ = try canvas { context in
            context.translateBy(x: 10, y: 20)
            var inner = context
            // A renderer's transform is relative to where it was handed the context… here the canvas.
            #expect(inner.transform == CGAffineTransform(translationX: 10, y: 20))
            inner.concatenate(CGAffineTransform(scaleX: 2, y: 2))
            #expect(inner.transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
            inner.transform = .identity
            #expect(inner.transform.isIdentity)
        }
    }

    @Test func hueRotationTurnsRedTowardsGreen() throws {
        let surface = try canvas { context in
            var copy = context
            copy.addFilter(.hueRotation(.degrees(120)))
            copy.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 30)), with: .color(Color(red: 1, green: 0, blue: 0)))
        }
        let pixel = bytes(surface.pixel(x: 25, y: 25))
        #expect(pixel[1] > pixel[0] && pixel[1] > pixel[2], "\(pixel)")
    }

    @Test func multiplyBlendDarkensWhatIsUnder() throws {
        let surface = try canvas { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 100)), with: .color(Color(red: 0.5, green: 0.5, blue: 0.5)))
            var copy = context
            copy.blendMode = .multiply
            copy.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 50)), with: .color(Color(red: 1, green: 0.5, blue: 1)))
        }
        #expect(bytes(surface.pixel(x: 25, y: 25)) == [128, 64, 128, 255])
        #expect(bytes(surface.pixel(x: 75, y: 25)) == [255, 128, 255, 255])
    }

    @Test func clipToLayerKeepsOnlyWhereTheLayerIsOpaque() throws {
        let surface = try canvas { context in
            var copy = context
            copy.clipToLayer { layer in layer.fill(Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.black)) }
            copy.fill(Rectangle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.black))
        }
        #expect(bytes(surface.pixel(x: 50, y: 50)) == [0, 0, 0, 255])
        #expect(bytes(surface.pixel(x: 3, y: 3)) == [255, 255, 255, 255])
        let inverse = try canvas { context in
            var copy = context
            copy.clipToLayer(options: .inverse) { layer in layer.fill(Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.black)) }
            copy.fill(Rectangle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100)), with: .color(.black))
        }
        #expect(bytes(inverse.pixel(x: 50, y: 50)) == [255, 255, 255, 255])
        #expect(bytes(inverse.pixel(x: 3, y: 3)) == [0, 0, 0, 255])
    }

    @Test func conicGradientSweepsClockwiseFromItsAngle() throws {
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
        let surface = try canvas { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)),
                         with: .conicGradient(gradient, center: CGPoint(x: 50, y: 50), angle: .zero))
        }
        // Just past 0° (right of the centre, below the axis) it is red; a quarter turn on
        // (straight down, clockwise on screen) it is a quarter of the way to blue.
        let start = bytes(surface.pixel(x: 90, y: 52)), quarter = bytes(surface.pixel(x: 50, y: 90))
        #expect(start[0] > 240 && start[2] < 15, "\(start)")
        #expect(abs(quarter[0] - 191) <= 6 && abs(quarter[2] - 64) <= 6, "\(quarter)")
    }

    @Test func textDrawnAtAPointIsCentredOnIt() throws {
        let label = Text("Hi").font(.custom("DejaVu Sans", size: 30)).foregroundColor(.black)
        var measured = CGSize.zero
        let surface = try canvas { context in
            let resolved = context.resolve(label)
            measured = resolved.measure(in: CGSize(width: 100, height: 100))
            context.draw(label, at: CGPoint(x: 50, y: 50))
        }
        var columns: [Int] = [], rows: [Int] = []
        for y in 0..<100 { for x in 0..<100 where surface.pixel(x: x, y: y).red < 0.5 { columns.append(x); rows.append(y) } }
        let box = (minX: columns.min() ?? 0, maxX: columns.max() ?? 0)
        #expect(measured.width > 30 && measured.height > 30)
        // The typographic box is centred: the ink's left edge is half the measured width left of 50.
        #expect(abs(Double(box.minX) - (50 - measured.width / 2)) < 5)
        #expect(!rows.isEmpty)
    }
}
