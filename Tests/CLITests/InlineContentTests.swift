import Foundation
import Testing

/// Images, tags, Markdown and markup through the real binary: errors with JSON paths, exit 2,
/// nothing written; plain-text export in `--dump-layout` and `measure`.
@Suite("inline content")
struct InlineContentTests {
    static let logoSVG = CLI.repoRoot.appendingPathComponent("Scenes/assets/logo.svg")

    static func scene(_ text: String, key: String = "text") -> String {
        #"{"canvas": {"width": 300, "height": 120}, "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 280}, "\#(key)": \#(text)}]}"#
    }

    /// Runs render (default and --out), validate and measure; each must exit 2 with exactly `expected` and write nothing.
    static func expectRejected(_ dir: TemporaryDirectory, expected: [String], files: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        for arguments in [["bad.json"], ["bad.json", "--out", "out"], ["validate", "bad.json"], ["measure", "bad.json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)", sourceLocation: sourceLocation)
            #expect(result.stderrLines == expected, "\(arguments): \(result)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(dir.contents() == files, "\(arguments) left files: \(dir.contents())", sourceLocation: sourceLocation)
        }
    }

    @Test("a missing image exits 2 naming the JSON path and the file")
    func missingImage() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.json", Self.scene(#"[{"text": "Pay with "}, {"image": "logo.png", "alt": "logo"}]"#))
        try Self.expectRejected(dir, expected: [#"bad.json: blocks[0].text[1].image: "logo.png" cannot be read (no such file)"#],
                                files: ["bad.json"])
    }

    @Test("an unreadable image (not PNG, JPEG, WebP or SVG, corrupt PNG, broken SVG, a folder) exits 2")
    func unreadableImages() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("assets/notes.txt", "just text")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("this is not a PNG body".utf8))
            .write(to: dir.url.appendingPathComponent("assets/broken.png"))
        try dir.write("assets/broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect</svg>")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("assets/folder.png"), withIntermediateDirectories: true)
        try dir.write("bad.json", Self.scene(#"[{"image": "assets/notes.txt"}, {"image": "assets/broken.png"}, {"image": "assets/broken.svg"}, {"image": "assets/folder.png"}, {"image": "assets/notes.txt", "height": "tall"}]"#))
        let files = ["assets", "assets/broken.png", "assets/broken.svg", "assets/folder.png", "assets/notes.txt", "bad.json"]
        for arguments in [["bad.json", "--out", "out"], ["validate", "bad.json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(result)")
            let lines = result.stderrLines
            #expect(lines.count == 5, "\(result)")
            #expect(lines.contains(#"bad.json: blocks[0].text[0].image: "assets/notes.txt" cannot be read (not a PNG, JPEG, WebP or SVG image)"#), "\(result)")
            #expect(lines.contains { $0.hasPrefix(#"bad.json: blocks[0].text[1].image: "assets/broken.png" cannot be read (not a valid PNG: damaged or truncated)"#) }, "\(result)")
            #expect(lines.contains { $0.hasPrefix(#"bad.json: blocks[0].text[2].image: "assets/broken.svg" cannot be read (not a readable SVG"#) }, "\(result)")
            #expect(lines.contains(#"bad.json: blocks[0].text[3].image: "assets/folder.png" cannot be read (it is a folder)"#), "\(result)")
            #expect(lines.contains { $0.hasPrefix(#"bad.json: blocks[0].text[4].height: expected a number of points or "font""#) }, "\(result)")
            #expect(dir.contents() == files)
        }
    }

    @Test("image paths resolve against the scene's folder, not the working folder")
    func relativeToScene() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("scenes/assets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.logoSVG, to: dir.url.appendingPathComponent("scenes/assets/logo.svg"))
        try dir.write("scenes/card.json", Self.scene(#"[{"image": "assets/logo.svg", "alt": "[logo]"}, {"text": " FlashPay"}, {"tag": "NEW"}]"#))
        let result = try CLI.run(["scenes/card.json", "--out", "frames", "--frames", "1", "--quiet"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("frames/frame_0000.png").path))

        let dump = try CLI.run(["scenes/card.json", "--dump-layout"], in: dir.url)
        #expect(dump.status == 0, "\(dump)")
        let json = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])
        let block = try #require((json["blocks"] as? [[String: Any]])?.first)
        #expect(block["plainText"] as? String == "[logo] FlashPayNEW")

        let measure = try CLI.run(["measure", "scenes/card.json"], in: dir.url)
        let report = try #require(try JSONSerialization.jsonObject(with: measure.stdoutData) as? [String: Any])
        #expect((report["blocks"] as? [[String: Any]])?.first?["text"] as? String == "[logo] FlashPayNEW")
    }

    @Test("invalid markup exits 2 with Pango's message at blocks[i].markup")
    func invalidMarkup() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.json", Self.scene(#""<b>bold</i>""#, key: "markup"))
        let result = try CLI.run(["validate", "bad.json"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "\(result)")
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("bad.json: blocks[0].markup: "), "\(line)")
        #expect(line.contains("“i”") && line.contains("“b”"), "Pango names the elements: \(line)")
        try Self.expectRejected(dir, expected: result.stderrLines, files: ["bad.json"])
    }

    @Test("markdown and markup render; text is never parsed as markup")
    func markdownMarkupAndVerbatimText() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("md.json", Self.scene(#""**Bold** and [a link](https://x.test)""#, key: "markdown"))
        try dir.write("mu.json", Self.scene(#""<b>Bold</b> &amp; <span foreground='red'>red</span>""#, key: "markup"))
        try dir.write("tx.json", Self.scene(#""<b>not bold</b> **nor this**""#))
        var texts: [String] = []
        for name in ["md.json", "mu.json", "tx.json"] {
            let result = try CLI.run(["measure", name], in: dir.url)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            texts.append(try #require((report["blocks"] as? [[String: Any]])?.first?["text"] as? String))
        }
        #expect(texts == ["Bold and a link", "Bold & red", "<b>not bold</b> **nor this**"])
    }
}
