import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A scene's `markdown` block: its document, `markdownStyle` and selectors, and every problem
/// with them reported at its JSON path.
@Suite struct MarkdownSceneDecodingTests {
    func decode(_ json: String) throws -> Scene {
        try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json", baseDirectory: SceneGoldenTests.scenesDirectory)
    }

    func problems(_ json: String) -> [String] {
        sceneProblemLines(json, baseDirectory: SceneGoldenTests.scenesDirectory)
    }

    func scene(block: String) -> String {
        #"{"canvas": {"width": 400, "height": 400}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "#
            + block + "}]}"
    }

    @Test func markdownStyleLaysOverTheTheme() throws {
        let decoded = try decode(scene(block: ##""markdown": "# Hi", "markdownStyle": {"theme": "dark", "h1": {"color": "#FF0000", "spacingAfter": 20}, "codeBlock": {"wraps": true, "border": {"color": "#333333"}}}"##))
        let markdown = try #require(decoded.blocks[0].markdown)
        #expect(markdown.text == "# Hi")
        #expect(markdown.style[.h1].text.color == .color(Color(red8: 0xFF, green8: 0, blue8: 0)))
        #expect(markdown.style[.h1].spacingAfter == 20)
        // Fields not given keep the dark theme's.
        #expect(markdown.style[.h1].text.font == MarkdownStyle.dark[.h1].text.font)
        #expect(markdown.style[.codeBlock].background == MarkdownStyle.dark[.codeBlock].background)
        #expect(markdown.style[.codeBlock].wraps == true)
        #expect(markdown.style[.codeBlock].border == .init(color: Color(red8: 0x33, green8: 0x33, blue8: 0x33), width: 1))
        #expect(MarkdownStyle.dark[.body].text.color != MarkdownStyle.light[.body].text.color)
    }

    @Test func localImagesLoadAndRemoteOnesAreLeftToTheirDescription() throws {
        let decoded = try decode(scene(block: #""markdown": "![logo](assets/logo.svg) and ![web](https://x.test/a.png)""#))
        let markdown = try #require(decoded.blocks[0].markdown)
        #expect(Array(markdown.images.keys) == ["assets/logo.svg"])
    }

    @Test func everyProblemIsReportedWithItsPath() {
        let found = problems(##"""
        {"canvas": {"width": 300, "height": 300},
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300}, "markdown": "# Hi\n\n![x](missing.png)",
           "truncation": {"mode": "middle"},
           "markdownStyle": {"theme": "sepia", "strictImages": true, "h1": {"stripe": "#fff"}, "codeBlock": {"wraps": "yes"}, "h7": {}},
           "effects": [{"type": "fill", "color": "red", "select": {"markdown": "link"}}]},
          {"id": "b", "frame": {"x": 0, "y": 0, "width": 300}, "text": "x", "markdownStyle": {}}]}
        """##)
        let expected = [
            "blocks[0].markdownStyle.h7: unknown field",
            "blocks[0].markdownStyle.theme: \"sepia\" is not one of: light, dark",
            "blocks[0].markdownStyle.h1.stripe: unknown field",
            "blocks[0].markdownStyle.codeBlock.wraps: expected true or false",
            "blocks[0].markdown: image \"missing.png\" cannot be read",
            "blocks[0].effects[0].select.markdown: \"link\" is not a block element",
            "blocks[0].truncation.mode: a markdown document is cut at its end",
            "blocks[1].markdownStyle: styles a markdown block; this block has no markdown",
        ]
        #expect(found.count == expected.count, "\(found)")
        for message in expected {
            #expect(found.contains { $0.contains(message) }, "missing: \(message) in \(found)")
        }
    }

    @Test func selectorsNameBlockElements() throws {
        let decoded = try decode(scene(block: ##""markdown": "# A\n\n```\ncode\n```", "effects": [{"type": "fill", "color": "red", "select": {"markdown": "codeBlock"}}, {"type": "fill", "color": "blue", "select": {"markdown": "heading"}}]"##))
        #expect(decoded.blocks[0].effects.count == 2)
        let headings = try #require(JSONNode(value: try JSONValue(parsing: Data(#"{"markdown": "heading"}"#.utf8)), path: "", problems: SceneProblems()).selector())
        #expect(headings == .markdown([.h1, .h2, .h3, .h4, .h5, .h6]))
    }
}
