import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// SVG and PDF output: every scene in `Scenes/` drawn as SVG and as PDF, rasterised again by
/// librsvg (`rsvg-convert`) and poppler (`pdftoppm`), looks like its PNG within
/// `VectorTolerance`; text stays text, links are links, and only filtered layers are images.
///
/// Scenes are drawn at scale 1 (a PDF unit and an SVG pixel are then a PNG pixel), in process;
/// only the two rasterisers run as tools.
@Suite struct VectorOutputTests {
    /// The renderer of `Scenes/name` at scale 1.
    static func renderer(for name: String) throws -> SceneRenderer {
        TestFonts.pin()
        var scene = try SceneDecoder(effects: .builtIn).decode(contentsOf: SceneGoldenTests.scenesDirectory.appendingPathComponent(name))
        scene.canvas.scale = 1
        return try SceneRenderer(scene: scene)
    }

    /// A PNG file's bytes as a surface.
    static func surface(png: Data) throws -> ImageSurface {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-vector-\(UUID().uuidString).png")
        try png.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ImageSurface(png: url.path)
    }

    /// `svg` drawn by librsvg, as a surface.
    static func rasterise(svg: Data) throws -> ImageSurface {
        try surface(png: PhotoFixtures.run("rsvg-convert", ["in.svg", "-o", "out.png"], inputs: ["in.svg": svg], output: "out.png"))
    }

    /// Page `page` (1-based) of `pdf` drawn by poppler at 72 dpi: one pixel a PDF unit.
    static func rasterise(pdf: Data, page: Int = 1) throws -> ImageSurface {
        try surface(png: PhotoFixtures.run("pdftoppm", ["-r", "72", "-png", "-f", "\(page)", "-l", "\(page)", "-singlefile", "in.pdf", "out"],
                                                    inputs: ["in.pdf": pdf], output: "out.png"))
    }

    @Test(arguments: SceneGoldenTests.sceneNames)
    func svgAndPDFLookLikeThePNG(name: String) throws {
        let renderer = try Self.renderer(for: name)
        // The middle frame: animated scenes have shown most of their text by then.
        let frame = renderer.scene.frameCount / 2
        let png = try renderer.renderFrame(frame)
        let svg = try renderer.svgData(ofFrame: frame, links: LinkTracker(renderer))
        let pdf = try renderer.pdfData(ofFrames: [frame], links: LinkTracker(renderer))
        for (format, raster) in [("svg", try Self.rasterise(svg: svg)), ("pdf", try Self.rasterise(pdf: pdf))] {
            let difference = try #require(VectorTolerance.Difference(png, raster), "\(name) as \(format): \(raster.width)×\(raster.height), not \(png.width)×\(png.height)")
            #expect(VectorTolerance.standard.accepts(difference), "\(name) as \(format): \(difference)")
        }
    }

    /// Cairo numbers an SVG's surfaces and images from process-wide counters; renumbered, the
    /// same frame is the same bytes after any other drawing (a batch's later rows, serve).
    @Test func anSVGIsTheSameWhateverWasDrawnBefore() throws {
        let renderer = try Self.renderer(for: "product-card.json")
        let first = try renderer.svgData(ofFrame: 0)
        #expect(String(decoding: first, as: UTF8.self).contains("id=\"surface1\""))
        _ = try renderer.renderFrame(0)
        _ = try renderer.pdfData(ofFrames: [0])
        #expect(try renderer.svgData(ofFrame: 0).elementsEqual(first))
    }

    /// A document's fonts are subset when it is finished, from faces other drawing shares: a PDF
    /// is the same bytes whatever was drawn before it (Inter once went in as a TrueType subset,
    /// then, after any drawing, as a Type 1 fallback with other widths).
    @Test func aPDFIsTheSameWhateverWasDrawnBefore() throws {
        let typography = try Self.renderer(for: "typography.json")
        let first = try typography.pdfData(ofFrames: [0])
        #expect(try typography.pdfData(ofFrames: [0]).elementsEqual(first), "drawn again at once")
        _ = try typography.renderFrame(typography.scene.frameCount / 2)
        #expect(try typography.pdfData(ofFrames: [0]).elementsEqual(first), "after its own PNG, its weights animated")
        _ = try Self.renderer(for: "product-card.json").pdfData(ofFrames: [0])
        #expect(try (Self.renderer(for: "typography.json").pdfData(ofFrames: [0])).elementsEqual(first), "after another scene's PDF, by a new renderer")
        let fonts = String(decoding: try PhotoFixtures.run("pdffonts", ["in.pdf"], inputs: ["in.pdf": first], output: nil), as: UTF8.self)
        #expect(fonts.contains("+Inter ") && !fonts.contains("CairoFont"), "\(fonts)")
    }

    @Test func pdfTextGivesTheWords() throws {
        let renderer = try Self.renderer(for: "product-card.json")
        let pdf = try renderer.pdfData(ofFrames: [0])
        let text = String(decoding: try PhotoFixtures.run("pdftotext", ["in.pdf", "-"], inputs: ["in.pdf": pdf], output: nil), as: UTF8.self)
        #expect(text.contains("Arc Desk Lamp with"))
        #expect(text.contains("Free delivery · 2-year warranty"))
        #expect(text.contains("$89.00"))
    }

    @Test func linksBecomeAnnotationsAndAnchors() throws {
        let renderer = try Self.renderer(for: "links-wrapping.json")
        let tracker = LinkTracker(renderer)
        let urls = Set(tracker.frame(0).visible.map { tracker.links[$0.id].url })
        #expect(!urls.isEmpty)
        let pdf = String(decoding: try renderer.pdfData(ofFrames: [0], links: tracker), as: UTF8.self)
        let svg = String(decoding: try renderer.svgData(ofFrame: 0, links: tracker), as: UTF8.self)
        for url in urls {
            #expect(pdf.contains("/URI (\(url))"), "no link annotation for \(url)")
            #expect(svg.contains("<a xlink:href=\"\(VectorLinks.escapedForXML(url))\""), "no <a> for \(url)")
        }
        // The anchors are on top of the drawing, inside the root element.
        #expect(svg.range(of: "<a xlink:href")!.lowerBound > svg.range(of: "<use")!.lowerBound)
        #expect(svg.hasSuffix("</svg>\n"))
    }

    /// Glyphs are drawn as glyphs (Cairo's glyph symbols; the PDF's embedded font), never as a
    /// picture; the card's inline SVG stays vectors too.
    @Test func textIsNotAnImage() throws {
        let renderer = try Self.renderer(for: "product-card.json")
        let svg = String(decoding: try renderer.svgData(ofFrame: 0), as: UTF8.self)
        #expect(!svg.contains("<image"))
        #expect(svg.contains("<symbol overflow=\"visible\" id=\"glyph"))
        let pdf = try renderer.pdfData(ofFrames: [0])
        let fonts = String(decoding: try PhotoFixtures.run("pdffonts", ["in.pdf"], inputs: ["in.pdf": pdf], output: nil), as: UTF8.self)
        // Every font embedded as a subset, with a Unicode map (the "emb sub uni" columns).
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(" yes yes yes ") }, "\(fonts)")
    }

    /// Formulas (and a GitHub alert's icon) stay vectors: in an SVG their glyphs are paths in
    /// the text's colour, not pictures, and a PDF has no image; a translucent colour too. Drawn
    /// again by librsvg, the SVG looks like the PNG within `VectorTolerance.standard`.
    @Test func mathIsPathsNotPictures() throws {
        TestFonts.pin()
        let json = ##"{"canvas": {"width": 320, "height": 200, "background": "#FFFFFF"}, "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 300}, "markdown": "> [!NOTE]\n> As in $\\sigma(z / T)$\n\n$$\\sigma(z)_i = \\frac{e^{z_i}}{\\sum_{j=1}^{n} e^{z_j}}$$", "style": {"color": "#C0208080"}, "markdownStyle": {"theme": "github"}}]}"##
        var scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "math.json",
                                                               baseDirectory: SceneGoldenTests.scenesDirectory)
        scene.canvas.scale = 1
        let renderer = try SceneRenderer(scene: scene)
        let layout = try #require(renderer.layouts.first)
        let formulas = layout.runs.filter { if case .image? = $0.inlineBox?.content { true } else { false } }
        try #require(formulas.count == 3, "two formulas and the alert's icon")
        let svg = try renderer.svgData(ofFrame: 0)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains("<image"))
        #expect(text.components(separatedBy: "<path").count > 10)
        let pdf = String(decoding: try renderer.pdfData(ofFrames: [0]), as: UTF8.self)
        #expect(!pdf.contains("/Subtype /Image"))
        let png = try renderer.renderFrame(0)
        let difference = try #require(VectorTolerance.Difference(png, try Self.rasterise(svg: svg)))
        #expect(VectorTolerance.standard.accepts(difference), "\(difference)")
    }

    /// The blurred span of `spoiler-blur.json` is the one image, and smaller than the frame.
    @Test func blurIsAnImageWithinItsBounds() throws {
        let renderer = try Self.renderer(for: "spoiler-blur.json")
        let svg = String(decoding: try renderer.svgData(ofFrame: 0), as: UTF8.self)
        let images = svg.components(separatedBy: "<image ").dropFirst()
        #expect(images.count >= 1)
        for image in images {
            let width = Int(image.components(separatedBy: "width=\"")[1].prefix { $0.isNumber }) ?? .max
            let height = Int(image.components(separatedBy: "height=\"")[1].prefix { $0.isNumber }) ?? .max
            #expect(width < renderer.scene.canvas.pixelWidth && height < renderer.scene.canvas.pixelHeight)
        }
        #expect(svg.contains("<symbol overflow=\"visible\" id=\"glyph"))
    }

    @Test func anAnimationIsAPageAFrame() throws {
        let renderer = try Self.renderer(for: "wave.json")
        let pdf = try renderer.pdfData(ofFrames: 0..<5)
        let info = String(decoding: try PhotoFixtures.run("pdfinfo", ["in.pdf"], inputs: ["in.pdf": pdf], output: nil), as: UTF8.self)
        #expect(info.contains("Pages:           5"))
    }

    @Test func urlsAreEscaped() {
        #expect(VectorLinks.escapedForXML("https://a.test/?q=\"x\"&y=<z>") == "https://a.test/?q=&quot;x&quot;&amp;y=&lt;z&gt;")
        #expect(VectorLinks.escapedForCairo("https://a.test/it's\\") == "https://a.test/it\\'s\\\\")
        #expect(VectorLinks.number(12.5) == "12.5" && VectorLinks.number(3) == "3" && VectorLinks.number(-0.0001) == "0")
    }
}
