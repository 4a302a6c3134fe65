import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every place a scene can name a font family is recorded with its JSON path, so that a family
/// fontconfig lacks is reported where it was written.
@Suite struct FontFamilyUseTests {
    static func decode(_ json: String) throws -> Scene {
        try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json")
    }

    @Test func styleSpanTagTokenMarkupMarkdownAndSymbolFamiliesAreRecorded() throws {
        let scene = try Self.decode(#"""
            {"canvas": {"width": 100, "height": 100}, "fonts": {"strict": true},
             "blocks": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 90}, "style": {"font": {"family": "Block Face"}},
               "text": [{"text": "x", "font": {"family": "Span Face"}}, {"tag": "NEW", "font": {"family": "Tag Face"}},
                        {"symbol": "heart.fill"}],
               "lineLimit": 1, "truncation": {"token": [{"text": "more", "font": {"family": "Token Face"}}]}},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 90}, "markup": "<span face='Markup Face'>x</span> <tt>y</tt>"},
              {"id": "c", "frame": {"x": 0, "y": 0, "width": 90}, "markdown": "# Hi", "markdownStyle": {"h1": {"font": {"family": "Heading Face"}}}}
             ]}
            """#)
        let uses = Set(scene.fontFamilies.map { "\($0.path) \($0.family)" })
        #expect(uses.isSuperset(of: [
            "blocks[0].style.font.family Block Face",
            "blocks[0].text[0].font.family Span Face",
            "blocks[0].text[1].font.family Tag Face",
            "blocks[0].text[2].symbol Material Icons",
            "blocks[0].truncation.token[0].font.family Token Face",
            "blocks[1].markup Markup Face",
            "blocks[1].markup Monospace",
            "blocks[2].markdownStyle.h1.font.family Heading Face",
        ]), "\(uses.sorted())")
        #expect(scene.strictFonts)
    }

    @Test func captionStyleFamiliesAreRecordedWhereTheyAreNamed() throws {
        let problems = SceneProblems()
        let style = try JSONValue(parsing: Data(#"{"font": {"family": "Caption Face"}, "classes": {"loud": {"font": {"family": "Class Face"}}}}"#.utf8))
        _ = JSONNode(value: style, path: "captions.style", problems: problems).captionStyle()
        _ = JSONNode(value: .string("bold-pop"), path: "captions.style", problems: problems).captionStyle()
        #expect(problems.isEmpty)
        #expect(problems.fontFamilies.map { "\($0.path) \($0.family)" } == [
            "captions.style.font.family Caption Face", "captions.style.classes.loud.font.family Class Face",
            // A preset's family is asked for where the preset is chosen.
            "captions.style Inter",
        ])
    }

    @Test func aSceneWithoutFamiliesRecordsNone() throws {
        let scene = try Self.decode(#"{"canvas": {"width": 100, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 90}, "text": "x"}]}"#)
        #expect(scene.fontFamilies.isEmpty && !scene.strictFonts)
    }

    @Test func strictMustBeABoolean() {
        #expect(throws: SceneError.self) {
            try Self.decode(#"{"canvas": {"width": 100, "height": 100}, "fonts": {"strict": "yes"}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 90}, "text": "x"}]}"#)
        }
    }
}
