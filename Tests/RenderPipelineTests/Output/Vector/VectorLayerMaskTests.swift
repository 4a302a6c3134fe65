import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `clipToLayer` masks on an SVG or PDF page are Cairo groups, not pixels: two stacked masks
/// (an ellipse, then a translucent rectangle) over a gradient and a line of text come out as
/// SVG `<mask>`s with no image and a PDF with no image, the text under them still text, and drawn
/// again by librsvg and poppler they look like the PNG within `VectorTolerance.standard`.
@Suite struct VectorLayerMaskTests {
    static let width = 240, height = 120

    /// The two stacked masks: an ellipse, then the left three quarters at 80 %.
    static func applyMasks(_ context: inout GraphicsContext) {
        context.clipToLayer { layer in
            layer.fill(Path(ellipseIn: CGRect(x: 10, y: 5, width: 220, height: 110)), with: .color(.black))
        }
        context.clipToLayer(opacity: 0.8) { layer in
            layer.fill(Path(CGRect(x: 0, y: 0, width: 180, height: height)), with: .color(.black))
        }
    }

    /// Two stacked masks (an ellipse, then the left three quarters at 80 %), then a gradient
    /// and a line of text drawn through both.
    static func draw(_ root: GraphicsContext) {
        root.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .color(.white))
        var context = root
        applyMasks(&context)
        let gradient = Gradient(colors: [Color(red: 0.9, green: 0.1, blue: 0.3), Color(red: 0.1, green: 0.2, blue: 0.9)])
        context.fill(Path(CGRect(x: 0, y: 0, width: width, height: 60)),
                     with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: CGFloat(width), y: 0)))
        let under = context.resolve(Text("under masks").font(.custom("DejaVu Sans", size: 30).bold()).foregroundColor(.black))
        context.draw(under, at: CGPoint(x: 120, y: 82))
    }

    /// The same masks over a blurred bar: a filtered layer, whose pixels the masks are replayed into.
    static func drawBlurred(_ root: GraphicsContext) {
        root.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .color(.white))
        var context = root
        applyMasks(&context)
        var blurred = context
        blurred.addFilter(.blur(radius: 4))
        blurred.fill(Path(CGRect(x: 30, y: 40, width: 180, height: 40)), with: .color(Color(red: 0.1, green: 0.3, blue: 0.8)))
    }

    static func vector(_ format: VectorFormat, _ draw: (GraphicsContext) -> Void = draw) throws -> Data {
        let document = try VectorDocument(format: format, width: width, height: height)
        document.page(width: width, height: height) { cairo in
            draw(GraphicsContext(vectorPage: cairo, pixelWidth: width, pixelHeight: height, scale: 1, time: 0))
        }
        return try document.finish()
    }

    @Test func stackedMasksStayVectorsAndLookLikeThePNG() throws {
        TestFonts.pin()
        let png = try ImageSurface(width: Self.width, height: Self.height)
        Self.draw(GraphicsContext(surface: png))
        png.flush()
        let svg = try Self.vector(.svg), pdf = try Self.vector(.pdf)
        let svgText = String(decoding: svg, as: UTF8.self)
        // A mask per clipToLayer, the second masked by the first: no pixels.
        #expect(svgText.components(separatedBy: "<mask").count - 1 >= 2)
        #expect(!svgText.contains("<image"))
        // The masked text is glyphs.
        #expect(svgText.contains("<symbol overflow=\"visible\" id=\"glyph"))
        #expect(!String(decoding: pdf, as: UTF8.self).contains("/Subtype /Image"))
        let words = String(decoding: try PhotoFixtures.run("pdftotext", ["in.pdf", "-"], inputs: ["in.pdf": pdf], output: nil), as: UTF8.self)
        #expect(words.contains("under masks"), "\(words)")
        for (format, raster) in [("svg", try VectorOutputTests.rasterise(svg: svg)), ("pdf", try VectorOutputTests.rasterise(pdf: pdf))] {
            let difference = try #require(VectorTolerance.Difference(png, raster), "\(format): \(raster.width)×\(raster.height)")
            #expect(VectorTolerance.standard.accepts(difference), "\(format): \(difference)")
        }
    }

    /// Under a blur the masks are pixels at the frame's resolution, inside the blurred layer's
    /// bounds: the one image is smaller than the frame, and the result still looks like the PNG.
    @Test func masksOverABlurAreItsPixels() throws {
        let png = try ImageSurface(width: Self.width, height: Self.height)
        Self.drawBlurred(GraphicsContext(surface: png))
        png.flush()
        let svg = try Self.vector(.svg, Self.drawBlurred), pdf = try Self.vector(.pdf, Self.drawBlurred)
        let images = String(decoding: svg, as: UTF8.self).components(separatedBy: "<image ").dropFirst()
        #expect(images.count == 1)
        for image in images {
            let width = Int(image.components(separatedBy: "width=\"")[1].prefix { $0.isNumber }) ?? .max
            #expect(width < Self.width)
        }
        for (format, raster) in [("svg", try VectorOutputTests.rasterise(svg: svg)), ("pdf", try VectorOutputTests.rasterise(pdf: pdf))] {
            let difference = try #require(VectorTolerance.Difference(png, raster), "\(format): \(raster.width)×\(raster.height)")
            #expect(VectorTolerance.standard.accepts(difference), "\(format): \(difference)")
        }
    }
}
