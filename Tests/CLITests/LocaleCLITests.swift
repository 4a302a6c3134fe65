import Foundation
import Testing

/// `--locale` end to end: the real binary renders, validates and measures localized scenes.
@Suite struct LocaleCLITests {
    static let catalog = CLI.repoRoot.appendingPathComponent("Scenes/Localizable.xcstrings")

    /// A two-block scene on the card's catalog, in a fresh folder.
    func scene(in folder: TemporaryDirectory, spans: String = #"[{"key": "items.count", "arguments": [5]}]"#) throws {
        try FileManager.default.copyItem(at: Self.catalog, to: folder.url.appendingPathComponent("Localizable.xcstrings"))
        try folder.write("card.json", """
        {"canvas": {"width": 200, "height": 60}, "duration": 0.0667, "strings": "Localizable.xcstrings",
         "blocks": [{"id": "n", "frame": {"x": 4, "y": 4, "width": 190}, "style": {"font": {"family": "DejaVu Sans", "size": 14}},
                     "text": \(spans)}]}
        """)
    }

    @Test func oneLocaleRendersAndMeasuresInThatLanguage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder)
        let render = try CLI.run(["card.json", "--locale", "ru", "--out", "out", "--quiet"], in: folder.url)
        #expect(render.status == 0, "\(render)")
        #expect(TemporaryDirectory.list(folder.url.appendingPathComponent("out")) == ["frame_0000.png", "frame_0001.png"])
        let measure = try CLI.run(["measure", "card.json", "--locale", "ru"], in: folder.url)
        #expect(measure.status == 0 && measure.stdout.contains("\"text\" : \"5 товаров\""), "\(measure)")
        let validate = try CLI.run(["validate", "card.json", "--locale", "de"], in: folder.url)
        #expect(validate.status == 0 && validate.stderr.isEmpty, "\(validate)")
    }

    @Test func allLocalesRenderIntoAFolderEach() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder)
        let result = try CLI.run(["card.json", "--locale", "all", "--out", "out", "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        let out = folder.url.appendingPathComponent("out")
        #expect(TemporaryDirectory.list(out) == ["de", "en", "ja", "ru"])
        var frames: [Data] = []
        for locale in ["de", "en", "ja", "ru"] {
            #expect(TemporaryDirectory.list(out.appendingPathComponent(locale)) == ["frame_0000.png", "frame_0001.png"])
            frames.append(try Data(contentsOf: out.appendingPathComponent("\(locale)/frame_0000.png")))
        }
        #expect(Set(frames).count == 4, "each language draws its own text")
        let measure = try CLI.run(["measure", "card.json", "--locale", "all"], in: folder.url)
        let json = try #require(try JSONSerialization.jsonObject(with: measure.stdoutData) as? [String: Any])
        let locales = try #require(json["locales"] as? [String: [String: Any]])
        let texts = locales.mapValues { (($0["blocks"] as? [[String: Any]])?.first?["text"] as? String) ?? "" }
        #expect(texts == ["de": "5 Produkte", "en": "5 items", "ja": "5点", "ru": "5 товаров"])
    }

    @Test func animationsGetTheLocaleInTheirName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder)
        let result = try CLI.run(["card.json", "--locale", "all", "--format", "gif", "--out", "card.gif", "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(folder.contents().filter { $0.hasSuffix(".gif") } == ["card-de.gif", "card-en.gif", "card-ja.gif", "card-ru.gif"])
    }

    @Test func unknownLocaleIsOneLineAndExit2() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder)
        let result = try CLI.run(["card.json", "--locale", "fr", "--out", "out"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderrLines == [#"card.json: --locale fr: "fr" is not a language of Localizable.xcstrings (it has de, en, ja, ru)"#], "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func keyAndArgumentProblemsInEveryLanguageAreReportedOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder, spans: #"[{"key": "cart.summary", "arguments": ["Anna"]}, {"key": "no.such.key"}, {"key": "items.count", "arguments": ["x"]}]"#)
        let result = try CLI.run(["validate", "card.json", "--locale", "all"], in: folder.url)
        #expect(result.status == 2)
        let lines = result.stderrLines
        #expect(lines.contains(#"card.json: blocks[0].text[0].arguments: "cart.summary" (de) takes 2 arguments (%1$@, %#@items@), found 1"#), "\(result)")
        #expect(lines.contains(#"card.json: blocks[0].text[0].arguments: "cart.summary" (ja) takes 2 arguments (%1$@, %#@items@), found 1"#))
        #expect(lines.contains(#"card.json: blocks[0].text[1].key: "no.such.key" is not a key of Localizable.xcstrings"#))
        #expect(lines.contains(#"card.json: blocks[0].text[2].arguments[0]: "items.count" (ru): %lld needs a whole number, found a string "x""#))
        #expect(lines.count == Set(lines).count)
        #expect(lines.count == 3 * 4 - 3, "the missing key is said once, in the source language: \(lines)")
    }

    @Test func malformedCatalogNamesFileLineAndColumn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try scene(in: folder)
        try folder.write("Localizable.xcstrings", "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"a\" {}\n  }\n}\n")
        let result = try CLI.run(["card.json", "--locale", "de"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderrLines[0].hasPrefix("card.json: strings: Localizable.xcstrings: not valid JSON")
                && result.stderrLines[0].contains("line 4, column"), "\(result)")
        let all = try CLI.run(["card.json", "--locale", "all"], in: folder.url)
        #expect(all.status == 2 && all.stderrLines.count == 1 && all.stderrLines[0].contains("line 4"), "\(all)")
    }

    @Test func localeNeedsAStringsTable() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("plain.json", Scenes.good())
        let result = try CLI.run(["plain.json", "--locale", "all"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderrLines == [#"plain.json: --locale all: the scene names no string tables ("strings"), so it has no locales"#], "\(result)")
        let one = try CLI.run(["validate", "plain.json", "--locale", "de"], in: folder.url)
        #expect(one.status == 2 && one.stderrLines.count == 1 && one.stderr.contains("--locale de"), "\(one)")
    }

    @Test func malformedStringsTableIsOneLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("en.lproj/Cards.strings", "\"hello\" = \"Hello\";\n")
        try folder.write("de.lproj/Cards.strings", "\"hello\" = \"Hallo\"\n\"bye\" = \"Tschüss\";\n")
        try folder.write("card.json", """
        {"canvas": {"width": 100, "height": 40}, "strings": "Cards.strings",
         "blocks": [{"id": "n", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"key": "hello", "table": "Cards"}]}]}
        """)
        let result = try CLI.run(["validate", "card.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderrLines[0].hasPrefix("card.json: strings: de.lproj/Cards.strings: not a strings table"), "\(result)")
    }
}
