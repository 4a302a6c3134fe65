import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `"height": "auto"` and pages of a laid-out scene, in process: the canvas grows to the
/// content, a too-tall document names `canvas.height`, pages cut a real Markdown document
/// between its lines and blocks, and one multi-page PDF keeps each page's links.
@Suite struct PagedSceneTests {
    /// A short document: headings, paragraphs, a list, a code block, and a link at the end.
    static let markdown = """
    # Long documents

    A canvas can grow to its content, and a document taller than a page is cut into pages between its blocks.

    ## Lists

    - one item that is long enough to wrap onto a second line here
    - two
    - three

    ```swift
    let pages = document.pages(height: 200)
    for page in pages { print(page) }
    ```

    The last paragraph has [a link](https://example.com/last) that lands on a later page.
    """

    static func scene(height: String = #""auto""#, extra: String = "") throws -> Scene {
        TestFonts.pin()
        let markdown = String(data: try JSONEncoder().encode(Self.markdown), encoding: .utf8)!
        let json = """
        {"canvas": {"width": 400, "height": \(height), "background": "#FFFFFF"},
         "blocks": [{"id": "doc", "frame": {"x": 20, "y": 24, "width": 360}, "markdown": \(markdown),
                     "style": {"font": {"family": "DejaVu Sans", "size": 14}}}\(extra)]}
        """
        return try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "doc.json")
    }

    @Test("height auto is the document's laid-out bottom plus the margin above it, in whole pixels, at any scale")
    func autoHeight() throws {
        let renderer = try SceneRenderer(scene: Self.scene())
        let height = renderer.layouts[0].textSize.height
        #expect(height > 200)
        #expect(!renderer.scene.canvas.isHeightAuto)
        #expect(renderer.scene.canvas.pixelHeight == Int((24 + height + 24).rounded(.up)))
        let surface = try renderer.renderFrame(0)
        #expect(surface.height == Int((24 + height + 24).rounded(.up)))
        var doubled = try Self.scene()
        doubled.canvas.scale = 2
        #expect(try SceneRenderer(scene: doubled).scene.canvas.pixelHeight == Int((2 * (48 + height)).rounded(.up)))
    }

    @Test("an auto height past the canvas limit names canvas.height, the pixels needed and --page-height; paged, it is allowed")
    func autoHeightTooTall() throws {
        let tall = try Self.scene(extra: #", {"id": "bar", "frame": {"x": 0, "y": 0, "width": 4, "height": 20000}, "shape": {"type": "rectangle"}}"#)
        let error = #expect(throws: AutoHeightError.self) { try SceneRenderer(scene: tall) }
        #expect(error?.description.hasPrefix("canvas.height: \"auto\" needs 20024 pixels") == true, "\(String(describing: error))")
        #expect(error?.description.contains("--page-height") == true)
        #expect(try SceneRenderer(scene: tall, cutsCaptions: true, limitsAutoHeight: false).scene.canvas.height == 20024)
        #expect(sceneProblemLines(#"{"canvas": {"width": 10, "height": "tall"}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": "a"}]}"#)
                == [#"s.json: canvas.height: "tall" is not a height: give a number of points, or "auto" for the content's height"#])
    }

    @Test("pages of a Markdown document: every line on one page, each page its height with the margin on top; PNG pages draw their slice")
    func pagesOfDocument() throws {
        let renderer = try SceneRenderer(scene: Self.scene())
        let breaks = try renderer.pageBreaks(pageHeight: 160, pageLimit: 100)
        #expect(breaks.pages.count >= 3)
        let layout = renderer.layouts[0]
        let lines = layout.map { line in 24 + Double(line.typographicBounds.rect.minY) ..< 24 + Double(line.typographicBounds.rect.maxY) }
        PageBreaksTests.checkInvariants(breaks, lines: lines, documentHeight: renderer.scene.canvas.height, margin: 24, pageHeight: 160)
        let last = renderer.page(breaks.pages[breaks.pages.count - 1], pageHeight: 160)
        let surface = try last.renderFrame(0)
        #expect(surface.width == 400 && surface.height == 160)
        // The margin above a later page's slice is background; the slice below it has ink.
        let stride = surface.stride
        let (top, below) = surface.withPixels { pixels in
            (pixels[0 ..< 20 * stride].allSatisfy { $0 == 0xFF }, pixels[24 * stride ..< 60 * stride].contains { $0 != 0xFF })
        }
        #expect(top && below)
    }

    @Test("one PDF of the pages: a page each, text as text, the last paragraph's link annotated once, on its page")
    func pagesAsPDF() throws {
        let renderer = try SceneRenderer(scene: Self.scene())
        let breaks = try renderer.pageBreaks(pageHeight: 160, pageLimit: 100)
        let pages = breaks.pages.map { renderer.page($0, pageHeight: 160) }
        let document = try VectorDocument(format: .pdf, width: 400, height: 160)
        for page in pages { page.drawVectorPage(0, into: document, links: LinkTracker(page)) }
        let pdf = String(decoding: try document.finish(), as: UTF8.self)
        #expect(pdf.contains("/Count \(pages.count)"), "the page tree does not count \(pages.count) pages")
        #expect(pdf.components(separatedBy: "example.com/last").count - 1 == 1, "the link is annotated on other than exactly one page")
        #expect(pdf.contains("/FontFile"), "no embedded font: the text is not text")
    }
}
