import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A scene's `code` block and the code colouring fields of `markdownStyle`, with every
/// problem at its JSON path and every snippet left plain as a warning.
@Suite struct CodeBlockDecodingTests {
    func decode(_ json: String) throws -> Scene {
        try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json", baseDirectory: SceneGoldenTests.scenesDirectory)
    }

    func scene(block: String) -> String {
        #"{"canvas": {"width": 400, "height": 400}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "#
            + block + "}]}"
    }

    @Test func aCodeBlockIsOneFencedBlockOfItsCode() throws {
        // Backticks inside the code cannot close its fence.
        let code = "let fence = \"```\"\nprint(fence)"
        let decoded = try decode(scene(block: #""code": "let fence = \"```\"\nprint(fence)", "language": "swift""#))
        let markdown = try #require(decoded.blocks[0].markdown)
        guard case .document(let blocks) = markdown.document, blocks.count == 1,
              case .codeBlock(let language, let text) = blocks[0] else { Issue.record("\(markdown.document)"); return }
        #expect(language == "swift" && text == code + "\n")
        #expect(markdown.style.codeTheme == .github)
        let layout = TextLayout(markdown, options: LayoutOptions(width: 400))
        #expect(layout.exportedText == code)
        #expect(layout.documentElements.first?.kind == .codeBlock && layout.documentElements.first?.detail == "swift")
    }

    @Test func codeThemeAndOverflowAreRead() throws {
        func style(_ fields: String) throws -> MarkdownStyle {
            try #require(try decode(scene(block: #""code": "x", "markdownStyle": {"# + fields + "}")).blocks[0].markdown).style
        }
        #expect(try style(#""codeTheme": "github-dark""#).codeTheme == .githubDark)
        #expect(try style(#""theme": "dark""#).codeTheme == .githubDark, "dark themes take GitHub's dark colours")
        #expect(try style(#""theme": "dark", "codeTheme": "github""#).codeTheme == .github)
        #expect(try style(#""codeTheme": "none""#).codeTheme == nil)
        #expect(try style(#""codeOverflow": "fade""#).codeOverflow == .fade)
        #expect(try style(#""codeOverflow": "clip""#).codeOverflow == .clip)
        #expect(try style(#""theme": "light""#).codeOverflow == nil, "nil: wrap, unless codeBlock.wraps says otherwise")
    }

    @Test func problemsAreReportedAtTheirPaths() {
        let found = sceneProblemLines(##"""
        {"canvas": {"width": 300, "height": 300},
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300}, "code": "x", "language": "c plus",
                     "markdownStyle": {"codeTheme": "monokai", "codeOverflow": "scroll"}},
                    {"id": "b", "frame": {"x": 0, "y": 0, "width": 300}, "text": "x", "language": "swift"},
                    {"id": "c", "frame": {"x": 0, "y": 0, "width": 300}, "code": 3},
                    {"id": "d", "frame": {"x": 0, "y": 0, "width": 300}, "code": "x", "markdown": "y"}]}
        """##, baseDirectory: SceneGoldenTests.scenesDirectory)
        let expected = [
            "blocks[0].language: \"c plus\" is not a language name",
            "blocks[0].markdownStyle.codeTheme: \"monokai\" is not one of: github, github-dark, none",
            "blocks[0].markdownStyle.codeOverflow: \"scroll\" is not one of: wrap, fade, clip",
            "blocks[1].language: names a code block's language; this block has no code",
            "blocks[2].code: expected a string",
            "blocks[3]: has markdown and code; give exactly one of text, markdown, markup or code",
        ]
        #expect(found.count == expected.count, "\(found)")
        for message in expected {
            #expect(found.contains { $0.contains(message) }, "missing: \(message) in \(found)")
        }
    }

    @Test func codeLeftPlainIsAWarningNotAProblem() throws {
        let decoded = try decode(scene(block: ##""markdown": "```nosuchlanguage\nx = 1\n```\n\n```swift\nlet x = 1\n```""##))
        let warnings = try #require(decoded.blocks[0].markdown).imageWarnings
        #expect(warnings == ["blocks[0].markdown: code in \"nosuchlanguage\", a language Pygments does not know, is shown without colours"])
        let code = try decode(scene(block: #""code": "x", "language": "nosuchlanguage""#))
        #expect(code.blocks[0].markdown?.imageWarnings.first?.hasPrefix("blocks[0].code: code in \"nosuchlanguage\"") == true)
        let off = try decode(scene(block: #""code": "x", "language": "nosuchlanguage", "markdownStyle": {"codeTheme": "none"}"#))
        #expect(off.blocks[0].markdown?.imageWarnings == [], "no colours asked for, nothing to warn about")
    }
}
