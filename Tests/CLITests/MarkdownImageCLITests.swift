import Foundation
import Testing

/// Markdown images that cannot be shown: their alt text and a warning (exit 0), or with
/// `--strict-images` / `markdownStyle.strictImages` an error with the JSON path (exit 2).
@Suite("markdown images")
struct MarkdownImageCLITests {
    static func scene(_ markdown: String, style: String = "{}") -> String {
        #"{"canvas": {"width": 300, "height": 160}, "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 280}, "markdown": \#(markdown), "markdownStyle": \#(style)}]}"#
    }

    static let document = #""<div align=\"center\"><img src=\"missing.png\" alt=\"Logo\"><h1>Title</h1></div>\n\n![Chart](https://x.test/c.png)""#
    static let missing = #"card.json: blocks[0].markdown: image "missing.png" cannot be read (no such file)"#
    static let remote = #"card.json: blocks[0].markdown: image "https://x.test/c.png" is remote and is not fetched"#

    @Test("a missing or remote image shows its alt text with a warning, and the card renders")
    func altTextAndWarning() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(Self.document))
        let render = try CLI.run(["card.json", "--out", "card.png"], in: dir.url)
        #expect(render.status == 0, "\(render)")
        #expect(render.messageLines.contains(Self.missing + "; its alt text is shown"), "\(render)")
        #expect(render.messageLines.contains(Self.remote + "; its alt text is shown"), "\(render)")
        #expect(dir.contents().contains("card.png"))
        let measure = try CLI.run(["measure", "card.json"], in: dir.url)
        #expect(measure.status == 0, "\(measure)")
        let report = try #require(try JSONSerialization.jsonObject(with: measure.stdoutData) as? [String: Any])
        let text = try #require((report["blocks"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(text.contains("[Logo]") && text.contains("Title") && text.contains("[Chart]") && !text.contains("<"), "\(text)")
        #expect(try CLI.run(["validate", "card.json"], in: dir.url).status == 0)
    }

    @Test("--strict-images and markdownStyle.strictImages make them errors")
    func strictImages() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(Self.document))
        for arguments in [["card.json", "--out", "card.png", "--strict-images"], ["validate", "card.json", "--strict-images"],
                          ["measure", "card.json", "--strict-images"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.messageLines.contains(Self.missing), "\(arguments): \(result)")
            #expect(result.messageLines.contains(Self.remote), "\(arguments): \(result)")
        }
        #expect(!dir.contents().contains("card.png"))
        try dir.write("card.json", Self.scene(Self.document, style: #"{"strictImages": true}"#))
        let result = try CLI.run(["card.json", "--out", "card.png"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.messageLines.contains(Self.missing), "\(result)")
    }

    @Test("batch: a row's missing image is one warning (exit 0); with --strict-images the row fails")
    func batchRows() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", #"""
        {"version": 1, "canvas": {"width": 240, "height": 100}, "duration": 1, "fps": 1, "parameters": {"title": {}},
         "blocks": [{"id": "a", "frame": {"x": 8, "y": 8, "width": 224}, "markdown": "<img src=\"missing.png\" alt=\"Logo\"> {{title}}"}]}
        """#)
        try dir.write("data.csv", "title\nOne\nTwo\n")
        let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let warning = #"card.json: blocks[0].markdown: image "missing.png" cannot be read (no such file); its alt text is shown"#
        #expect(result.messageLines.filter { $0 == warning }.count == 1, "\(result)")
        let strict = try CLI.run(["batch", "card.json", "data.csv", "--out", "strict", "--strict-images"], in: dir.url)
        #expect(strict.status != 0, "\(strict)")
        #expect(strict.stderr.contains(#"image "missing.png" cannot be read"#), "\(strict)")
    }
}
