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

    @Test("a table row taller than a page is cut cell by cell: every cell line on one page, each part of the table closed by its border")
    func tallTableRow() throws {
        TestFonts.pin()
        // A logo on the right cell's first line moves its later lines off the left cell's grid,
        // so no one height cuts neither cell.
        let words = String(repeating: "more words here ", count: 14)
        let markdown = "| Step | What | Owner |\n|:--|:--|:--|\n| 1 | Tag | Ana |\n| 2 | \(String(repeating: "A long description that wraps. ", count: 8)) | ![logo](assets/logo.svg) \(words) |\n| 3 | Announce | Bo |\n\nThe end."
        let json = """
        {"canvas": {"width": 360, "height": "auto", "background": "#FFFFFF"},
         "blocks": [{"id": "doc", "frame": {"x": 12, "y": 12, "width": 336}, "markdown": \(String(data: try JSONEncoder().encode(markdown), encoding: .utf8)!),
                     "style": {"font": {"family": "DejaVu Sans", "size": 12}}}]}
        """
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "t.json", baseDirectory: SceneGoldenTests.scenesDirectory)
        let renderer = try SceneRenderer(scene: scene)
        let pageHeight = 140.0
        let breaks = try renderer.pageBreaks(pageHeight: pageHeight, pageLimit: 100)
        #expect(breaks.pages.contains { !$0.hidden.isEmpty }, "the row was not cut cell by cell: \(breaks.pages)")
        // The same invariants as for made-up lines: cells' lines each on one page, never cut.
        let rows = renderer.pageRows
        let cellLines = Set(renderer.layouts[0].documentElements.filter { $0.kind == .tableBody || $0.kind == .tableHeader }.flatMap { Array($0.lines) })
        let lines = renderer.layouts[0].filter { !cellLines.contains($0.index) }.map { line in
            12 + Double(line.typographicBounds.rect.minY) ..< 12 + Double(line.typographicBounds.rect.maxY)
        }
        PageBreaksTests.checkInvariants(breaks, lines: lines, rows: rows.map { PageBreaks.Row(cells: $0.map(\.lines)) },
                                        documentHeight: renderer.scene.canvas.height, margin: 12, pageHeight: pageHeight)
        // The page that ends inside the row draws the table's border along its bottom.
        let index = try #require(breaks.pages.firstIndex { !$0.hidden.isEmpty })
        let page = breaks.pages[index]
        let surface = try renderer.page(page, pageHeight: pageHeight).renderFrame(0)
        let bottom = Int((page.top + page.slice.upperBound - page.slice.lowerBound).rounded()) - 1
        let stride = surface.stride
        let (edge, above) = surface.withPixels { pixels in
            // Across the table's middle: the border all along, text-free pixels above it somewhere.
            ((60..<300).allSatisfy { pixels[bottom * stride + 4 * $0] < 0xF0 },
             (60..<300).contains { pixels[(bottom - 1) * stride + 4 * $0] >= 0xF0 })
        }
        #expect(edge && above, "no closing border at row \(bottom) of page \(index + 1)")
        // A cell whose next line this page's end would cut stops above it: the band below, where
        // that line's top half lies, is drawn without its text, which the next page shows whole.
        let band = try #require(page.hidden.max { $0.band.upperBound - $0.band.lowerBound < $1.band.upperBound - $1.band.lowerBound })
        let cell = rows[band.row][band.cell]
        let rowsShown = Int((page.top + band.band.lowerBound - page.slice.lowerBound).rounded()) ..< bottom
        let columns = Int(cell.x.lowerBound) + 4 ..< Int(cell.x.upperBound) - 4
        func hasInk(_ surface: ImageSurface) -> Bool {
            let stride = surface.stride
            return surface.withPixels { pixels in rowsShown.contains { y in columns.contains { x in pixels[y * stride + 4 * x + 1] < 0xC0 } } }
        }
        #expect(!hasInk(surface), "page \(index + 1) draws part of a line in \(band), which the next page shows")
        let unclipped = try SceneRenderer(renderer, scene: renderer.page(page, pageHeight: pageHeight).scene).renderFrame(0)
        #expect(hasInk(unclipped), "the band holds no text even unclipped: the check above proves nothing")
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
