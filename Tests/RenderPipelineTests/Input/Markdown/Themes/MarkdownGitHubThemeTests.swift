import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The `github` and `github-dark` themes: GitHub's sizes, line height, rules and code.
@Suite struct MarkdownGitHubThemeTests {
    typealias Probe = MarkdownLayoutProbe

    @Test func headingsAreGitHubsSizes() {
        let source = (1...6).map { String(repeating: "#", count: $0) + " H\($0)" }.joined(separator: "\n\n") + "\n\nBody"
        let probe = Probe(source, width: 500, style: .github)
        let body = probe.run("Body")!.font.size
        #expect(near(body, 16))
        let sizes = (1...6).map { probe.run("H\($0)")!.font.size / body }
        for (size, expected) in zip(sizes, [2, 1.5, 1.25, 1, 0.875, 0.85]) { #expect(near(size, expected, 0.001), "\(sizes)") }
    }

    @Test func h1AndH2HaveARuleBelow() throws {
        let probe = Probe("# One\n\n## Two\n\n### Three\n\nText", width: 500, style: .github)
        let rule = try #require(MarkdownStyle.github[.h1].border)
        let rules = probe.layout.decorations.filter { if case .fill(let c) = $0.kind { c == rule.color && $0.rect.height == 1 } else { false } }
        #expect(rules.count == 2)
        #expect(rules[0].rect.minY > probe.line(containing: "One")!.typographicBounds.rect.maxY)
        #expect(rules[0].rect.maxY < probe.line(containing: "Two")!.typographicBounds.rect.minY)
        #expect(near(rules[0].rect.width, 500))
    }

    @Test func linesAreOneAndAHalfTimesTheSize() {
        let probe = Probe("one two three four five six seven eight nine ten eleven twelve", width: 120, style: .github)
        let lines = probe.lines(of: .body)
        #expect(lines.count > 2)
        let pitch = lines[1].typographicBounds.origin.y - lines[0].typographicBounds.origin.y
        #expect(near(pitch, 24, 0.01))
    }

    /// GitHub's `code { padding: .2em .4em; font-size: 85%; border-radius: 6px }`: a rounded
    /// grey box 0.2 em above and below the code's font box and 0.4 em beside its text, with room
    /// made for it between the neighbouring words; not the run's own line-high background.
    @Test func inlineCodeIsARoundedPaddedBox() throws {
        let probe = Probe("Run `make` now", style: .github)
        let code = try #require(probe.run("make")), before = try #require(probe.run(containing: "Run")),
            after = try #require(probe.run(containing: "now"))
        let size = code.font.size
        #expect(near(size, 0.85 * before.font.size, 0.01))
        #expect(code.style.backgroundColor == nil)
        let grey = try #require(MarkdownStyle.github[.inlineCode].text.backgroundColor)
        let boxes = probe.layout.decorations.filter { if case .fill(let c) = $0.kind { c == grey } else { false } }
        try #require(boxes.count == 1)
        let box = boxes[0], b = code.typographicBounds
        #expect(near(box.cornerRadius, 6))
        #expect(near(box.rect.minX, b.origin.x - 0.4 * size) && near(box.rect.maxX, b.origin.x + b.width + 0.4 * size))
        #expect(near(box.rect.minY, b.origin.y - b.ascent - 0.2 * size) && near(box.rect.maxY, b.origin.y + b.descent + 0.2 * size))
        // The neighbours' spaces stay whole beside the box ("Run " and " now" hold them).
        #expect(before.typographicBounds.origin.x + before.typographicBounds.width <= box.rect.minX + 0.01)
        #expect(after.typographicBounds.origin.x >= box.rect.maxX - 0.01)
        // The plain text has the code as written, no trace of the room beside it.
        #expect(probe.layout.storage.exportedText == "Run make now")
    }

    /// A code span broken across lines gets a box on each line, and the room beside it never
    /// ends a line on its own: the box's open side starts at the code.
    @Test func aBrokenCodeSpanHasABoxOnEachLine() throws {
        let probe = Probe("See `alpha beta gamma delta epsilon zeta eta theta` here", width: 200, style: .github)
        let grey = try #require(MarkdownStyle.github[.inlineCode].text.backgroundColor)
        let boxes = probe.layout.decorations.filter { if case .fill(let c) = $0.kind { c == grey } else { false } }
        let lines = Set(probe.layout.runs.filter { $0.text.contains("alpha") || $0.text.contains("theta") || $0.text.contains("delta") }
            .map { $0.typographicBounds.origin.y })
        #expect(boxes.count >= 2 && boxes.count == lines.count, "\(boxes.map(\.rect)) on \(lines)")
        let first = try #require(probe.run(containing: "alpha"))
        #expect(near(boxes[0].rect.minX, first.typographicBounds.origin.x - 0.4 * first.font.size))
    }

    /// Code in a table cell gets its box too, above the table's stripes.
    @Test func codeInATableCellHasItsBox() throws {
        let probe = Probe("| a | b |\n|---|---|\n| x | `y` |\n| z | `w` |", width: 300, style: .github)
        let grey = try #require(MarkdownStyle.github[.inlineCode].text.backgroundColor)
        let boxes = probe.layout.decorations.indices.filter { if case .fill(let c) = probe.layout.decorations[$0].kind { c == grey } else { false } }
        #expect(boxes.count == 2)
        let stripe = try #require(MarkdownStyle.github[.table].stripe)
        let stripes = probe.layout.decorations.indices.filter { if case .fill(let c) = probe.layout.decorations[$0].kind { c == stripe } else { false } }
        #expect(!stripes.isEmpty && stripes.allSatisfy { $0 < boxes.min()! })
    }

    /// The other themes keep inline code's background as the run's own.
    @Test func otherThemesKeepTheRunBackground() throws {
        let probe = Probe("Run `make` now", style: .light)
        #expect(probe.run("make")?.style.backgroundColor == MarkdownStyle.light[.inlineCode].text.backgroundColor)
        #expect(probe.layout.decorations.isEmpty)
    }

    /// Headings at GitHub's line height 1.25, paragraphs at 1.5.
    @Test func headingsAreSetAtOneAndAQuarter() throws {
        let probe = Probe("# A heading long enough to wrap\n\nBody text long enough to wrap onto a second line", width: 220, style: .github)
        let heading = probe.lines(of: .h1), body = probe.lines(of: .body)
        try #require(heading.count >= 2 && body.count >= 2)
        #expect(near(heading[1].typographicBounds.origin.y - heading[0].typographicBounds.origin.y, 1.25 * 32))
        #expect(near(body[1].typographicBounds.origin.y - body[0].typographicBounds.origin.y, 1.5 * 16))
        #expect(MarkdownStyle.light[.h1].lineHeight == nil)
    }

    /// A scene sets inline code's box and a heading's line height.
    @Test func theSceneFormatSetsTheCodeBoxAndHeadingLineHeight() throws {
        let json = ##"{"canvas": {"width": 400, "height": 400}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "markdown": "# Hi", "markdownStyle": {"theme": "light", "inlineCode": {"padding": [4, 2], "cornerRadius": 3}, "h2": {"lineHeight": 1.1}}}]}"##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json",
                                                               baseDirectory: SceneGoldenTests.scenesDirectory)
        let style = try #require(scene.blocks[0].markdown?.style)
        #expect(style[.inlineCode].padding == CGSize(width: 4, height: 2) && style[.inlineCode].cornerRadius == 3)
        #expect(style[.h2].lineHeight == 1.1)
    }

    @Test func theSceneFormatNamesBothThemes() throws {
        for (name, theme) in [("github", MarkdownStyle.github), ("github-dark", MarkdownStyle.githubDark)] {
            let json = ##"{"canvas": {"width": 400, "height": 400}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "markdown": "# Hi", "markdownStyle": {"theme": ""## + name + ##"", "alertTints": {"note": "#112233"}}}]}"##
            let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json",
                                                                   baseDirectory: SceneGoldenTests.scenesDirectory)
            let style = try #require(scene.blocks[0].markdown?.style)
            #expect(style[.h1] == theme[.h1] && style.lineHeight == 1.5)
            #expect(style.alertTint(for: .note) == Color(red8: 0x11, green8: 0x22, blue8: 0x33))
            #expect(style.alertTint(for: .tip) == theme.alertTint(for: .tip))
        }
        #expect(MarkdownStyle.githubDark[.body].text.color != MarkdownStyle.github[.body].text.color)
    }

    @Test func badThemeFieldsAreReportedWhereTheyAre() {
        func problems(_ style: String) -> [String] {
            sceneProblemLines(##"{"canvas": {"width": 400, "height": 400}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "markdown": "# Hi", "markdownStyle": "## + style + "}]}",
                              baseDirectory: SceneGoldenTests.scenesDirectory)
        }
        #expect(problems(#"{"theme": "gitlab"}"#).contains { $0.contains("blocks[0].markdownStyle.theme") })
        #expect(problems(##"{"alertTints": {"todo": "#FF0000"}}"##).contains { $0.contains("blocks[0].markdownStyle.alertTints") && $0.contains("todo") })
        #expect(problems(#"{"lineHeight": 9}"#).contains { $0.contains("blocks[0].markdownStyle.lineHeight") })
        #expect(problems(#"{"h3": {"lineHeight": 0.1}}"#).contains { $0.contains("blocks[0].markdownStyle.h3.lineHeight") })
        #expect(problems(#"{"body": {"lineHeight": 1.2}}"#).contains { $0.contains("blocks[0].markdownStyle.body") && $0.contains("lineHeight") })
        #expect(problems(#"{"inlineCode": {"cornerRadius": -1}}"#).contains { $0.contains("blocks[0].markdownStyle.inlineCode.cornerRadius") })
        #expect(problems(##"{"theme": "github-dark", "lineHeight": 1.4, "alertTints": {"tip": "#00AA00"}}"##).isEmpty)
    }
}
