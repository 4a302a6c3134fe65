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

    @Test func inlineCodeIsSmallerOnGitHubsGrey() {
        let probe = Probe("Run `make` now", style: .github)
        let code = probe.run("make")!, body = probe.run(containing: "Run")!
        #expect(near(code.font.size, 0.85 * body.font.size, 0.01))
        #expect(code.style.backgroundColor == MarkdownStyle.github[.inlineCode].text.backgroundColor)
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
        #expect(problems(##"{"theme": "github-dark", "lineHeight": 1.4, "alertTints": {"tip": "#00AA00"}}"##).isEmpty)
    }
}
