import Foundation
import Testing

/// Long documents through the real binary: `"height": "auto"` renders and measures at the
/// content's height, `--page-height` writes page files or one multi-page PDF, and a page height
/// that cannot work is exit 2 naming the option, with nothing written.
@Suite("long documents: auto height and pages")
struct PageOutputTests {
    /// A Markdown document of a dozen paragraphs on a canvas as tall as its content.
    static let document: String = {
        let paragraphs = (1...12).map { "## Section \($0)\\n\\nParagraph \($0) of a document long enough to need pages, with text that wraps onto a second line." }
        return """
        {"canvas": {"width": 360, "height": "auto", "background": "#FFFDF7"},
         "blocks": [{"id": "doc", "frame": {"x": 20, "y": 20, "width": 320},
                     "markdown": "\(paragraphs.joined(separator: "\\n\\n"))\\n\\nThe [end](https://example.com/end).",
                     "style": {"font": {"family": "DejaVu Sans", "size": 13}}}]}
        """
    }()

    @Test("height auto: measure reports the resolved height, and the PNG is that tall")
    func autoHeight() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("doc.json", Self.document)
        let measured = try CLI.run(["measure", "doc.json"], in: dir.url)
        #expect(measured.status == 0, "\(measured)")
        let report = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any]
        let canvas = report?["canvas"] as? [String: Double]
        let height = try #require(canvas?["height"])
        #expect(height > 600 && canvas?["width"] == 360, "\(measured.stdout)")
        let rendered = try CLI.run(["doc.json", "--out", "doc.png"], in: dir.url)
        #expect(rendered.status == 0, "\(rendered)")
        let size = PNG.size(of: try Data(contentsOf: dir.url.appendingPathComponent("doc.png")))
        #expect(size?.width == 360 && size?.height == Int(height), "\(String(describing: size)) for a measured height of \(height)")
    }

    @Test("--page-height writes NAME-1.png … each a page tall, and --format pdf one PDF of as many pages")
    func pages() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("doc.json", Self.document)
        let rendered = try CLI.run(["doc.json", "--page-height", "240", "--out", "doc.png"], in: dir.url)
        #expect(rendered.status == 0, "\(rendered)")
        let pages = dir.contents().filter { $0.hasSuffix(".png") }
        #expect(pages.count >= 3, "\(dir.contents())")
        #expect(pages == (1...pages.count).map { "doc-\($0).png" }.sorted())
        for page in pages {
            let size = PNG.size(of: try Data(contentsOf: dir.url.appendingPathComponent(page)))
            #expect(size?.width == 360 && size?.height == 240, "\(page): \(String(describing: size))")
        }
        let pdf = try CLI.run(["doc.json", "--page-height", "240", "--format", "pdf"], in: dir.url)
        #expect(pdf.status == 0, "\(pdf)")
        let bytes = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("doc.pdf")), as: UTF8.self)
        #expect(bytes.contains("/Count \(pages.count)"), "the PDF does not hold \(pages.count) pages")
        #expect(bytes.contains("example.com/end"), "the last page lost its link")
    }

    @Test("batch --page-height: a folder of pages or a PDF per row, the manifest listing them; resumed rows list them again; a row whose line is taller than a page fails alone")
    func batchPages() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("doc.json", ##"""
        {"canvas": {"width": 360, "height": "auto", "background": "#FFFDF7"},
         "parameters": {"body": {"type": "markdown"}},
         "blocks": [{"id": "doc", "frame": {"x": 20, "y": 20, "width": 320}, "markdown": "## Notes\n\n{{body}}",
                     "style": {"font": {"family": "DejaVu Sans", "size": 13}}}]}
        """##)
        let long = (1...12).map { "Paragraph \($0) of a row long enough to need pages, with text that wraps onto a second line." }.joined(separator: " ")
        try dir.write("tall.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="300"><rect width="40" height="300" fill="#08f"/></svg>"##)
        try dir.write("rows.csv", "id,body\nshort,One line.\nlong,\"\(long)\"\ntall,![a picture taller than a page](tall.svg)\n")
        let first = try CLI.run(["batch", "doc.json", "rows.csv", "--out", "out", "--name", "{{id}}.png", "--page-height", "240"], in: dir.url)
        #expect(first.status == 1, "\(first)")
        #expect(first.stderr.contains("rows.csv:4: row 3: --page-height: the line at y") && first.stderr.contains("pages never cut a line"), "\(first.stderr)")
        let out = dir.url.appendingPathComponent("out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["long", "manifest.jsonl", "short"])
        let pages = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("long").path).sorted()
        #expect(pages.count >= 2 && pages == (1...pages.count).map { "page_000\($0).png" }, "\(pages)")
        for page in pages {
            let size = PNG.size(of: try Data(contentsOf: out.appendingPathComponent("long").appendingPathComponent(page)))
            #expect(size?.width == 360 && size?.height == 240, "\(page): \(String(describing: size))")
        }
        var manifest = try BatchCommandTests.manifest(out.appendingPathComponent("manifest.jsonl"))
        #expect(manifest.map { $0["status"] as? String } == ["rendered", "rendered", "failed"])
        #expect(manifest[1]["output"] as? String == "long" && manifest[1]["pages"] as? Int == pages.count)
        #expect(manifest[1]["files"] as? [String] == pages.map { "long/" + $0 })
        #expect(manifest[0]["files"] as? [String] == ["short/page_0001.png"])
        // Resumed: the pages are skipped, and listed again from their folders.
        let again = try CLI.run(["batch", "doc.json", "rows.csv", "--out", "out", "--name", "{{id}}.png", "--page-height", "240"], in: dir.url)
        #expect(again.status == 1, "\(again)")
        manifest = try BatchCommandTests.manifest(out.appendingPathComponent("manifest.jsonl"))
        #expect(manifest.map { $0["status"] as? String } == ["skipped", "skipped", "failed"])
        #expect(manifest[1]["files"] as? [String] == pages.map { "long/" + $0 })
        // One PDF a row, as many pages.
        let pdf = try CLI.run(["batch", "doc.json", "rows.csv", "--out", "pdf", "--name", "{{id}}.pdf", "--page-height", "240"], in: dir.url)
        #expect(pdf.status == 1, "\(pdf)")
        let bytes = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("pdf/long.pdf")), as: UTF8.self)
        #expect(bytes.contains("/Count \(pages.count)"), "long.pdf does not hold \(pages.count) pages")
        #expect(try BatchCommandTests.manifest(dir.url.appendingPathComponent("pdf/manifest.jsonl"))[1]["pages"] as? Int == pages.count)
        // A height no page can have is exit 2 before any row, with nothing written.
        let bad = try CLI.run(["batch", "doc.json", "rows.csv", "--out", "bad", "--page-height", "0"], in: dir.url)
        #expect(bad.status == 2 && bad.stderr.contains("--page-height: 0.0 is not a page height"), "\(bad)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("bad").path))
    }

    @Test("a page height of 0, NaN, past the canvas limit, or shorter than a line is exit 2 naming --page-height; nothing is written")
    func badPageHeights() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("doc.json", Self.document)
        for (value, says) in [("0", "above 0"), ("nan", "above 0"), ("20000", "larger than 16384"), ("50", "pages never cut a line")] {
            let result = try CLI.run(["doc.json", "--page-height=\(value)", "--out", "doc.png"], in: dir.url)
            #expect(result.status == 2, "\(value): \(result)")
            #expect(result.stderr.contains("--page-height") && result.stderr.contains(says), "\(value): \(result.stderr)")
        }
        #expect(dir.contents() == ["doc.json"])
    }
}
