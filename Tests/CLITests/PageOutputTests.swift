import Foundation
import Testing

/// Long documents through the real binary: `"height": "auto"` renders and measures at the
/// content's height.
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
}
