import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Plural rules, format strings, String Catalogs and `.strings` tables, and localized scenes.
@Suite struct LocalizationTests {
    // MARK: Plural rules (ICU, CLDR)

    @Test func englishHasOneAndOther() {
        let en = PluralRules(locale: "en")
        #expect(en.category(of: 1) == .one)
        #expect(en.category(of: 0) == .other)
        #expect(en.category(of: 2) == .other)
        #expect(en.category(of: 1, fractionDigits: 1) == .other, "1.0 items")
        #expect(en.categories == [.one, .other])
    }

    @Test func russianAndPolishHaveFewAndMany() {
        let ru = PluralRules(locale: "ru")
        #expect([1, 21, 101].map { ru.category(of: $0) } == [.one, .one, .one])
        #expect([2, 3, 4, 22].map { ru.category(of: $0) } == [.few, .few, .few, .few])
        #expect([5, 11, 12, 14, 100].map { ru.category(of: $0) } == [.many, .many, .many, .many, .many])
        #expect(ru.category(of: 1.5, fractionDigits: 1) == .other)
        let pl = PluralRules(locale: "pl")
        #expect([1, 2, 5, 22, 25].map { pl.category(of: $0) } == [.one, .few, .many, .few, .many])
        #expect(pl.categories == [.one, .few, .many, .other])
    }

    @Test func japaneseHasOnlyOther() {
        let ja = PluralRules(locale: "ja")
        #expect([0, 1, 2, 5, 21].map { ja.category(of: $0) } == Array(repeating: .other, count: 5))
        #expect(ja.categories == [.other])
    }

    @Test func arabicHasAllSix() {
        let ar = PluralRules(locale: "ar")
        #expect([0, 1, 2, 3, 11, 100].map { ar.category(of: $0) } == [.zero, .one, .two, .few, .many, .other])
    }

    // MARK: Format strings

    @Test func formatStringsNumberTheirArguments() throws {
        let parsed = try FormatString(parsing: "%1$@ has %2$lld items, %.2f%% off, %#@days@ left")
        let specifiers = parsed.specifiers
        #expect(specifiers.map(\.argument) == [1, 2, 1, 2])
        #expect(specifiers.map(\.kind) == [.object, .integer, .floating, .variable("days")])
        #expect(specifiers[2].precision == 2)
        #expect(parsed.pieces.contains(.literal(" off, ")) == false)
        #expect(parsed.pieces.contains(.literal("% off, ")))
    }

    @Test func badFormatStringsSayWhy() {
        for (format, fragment) in [("50%", "lone %"), ("%q", "%q"), ("%0$@", "argument numbers"), ("%#@x", "closing @"), ("%*d", "\"*\""),
                                   ("%.1000000f", "precision is at most 100"), ("%.101f", "precision is at most 100")] {
            #expect(throws: FormatStringError.self, "\(format)") { try FormatString(parsing: format) }
            do { _ = try FormatString(parsing: format) } catch { #expect(error.message.contains(fragment), "\(format): \(error.message)") }
        }
    }

    @Test func theLargestPrecisionIsAccepted() throws {
        let parsed = try FormatString(parsing: "%.100f")
        #expect(parsed.specifiers.first?.precision == 100)
    }

    // MARK: Catalogs

    static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "items": {"localizations": {
        "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
                                         "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}},
        "ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld товар"}},
                                         "few": {"stringUnit": {"state": "translated", "value": "%lld товара"}},
                                         "many": {"stringUnit": {"state": "translated", "value": "%lld товаров"}},
                                         "other": {"stringUnit": {"state": "translated", "value": "%lld товара"}}}}},
        "ja": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%lld点"}}}}}}},
      "greeting": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Hello, %@! You have %#@messages@."},
               "substitutions": {"messages": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                 "zero": {"stringUnit": {"state": "translated", "value": "no messages"}},
                 "one": {"stringUnit": {"state": "translated", "value": "%arg message"}},
                 "other": {"stringUnit": {"state": "translated", "value": "%arg messages"}}}}}}},
        "de": {"stringUnit": {"state": "translated", "value": "%2$lld Nachrichten für %1$@"}}}},
      "price": {"localizations": {"en": {"stringUnit": {"state": "new", "value": "%.2f € on %@"}},
                                  "de": {"stringUnit": {"state": "translated", "value": "%.2f € am %@"}}}},
      "Only in source %lld": {"comment": "no localizations: the key is the English text"}
    }}
    """#

    func bundle(_ language: String) throws -> StringBundle {
        let table = try StringTable(catalogData: Data(Self.catalog.utf8), name: "Localizable", file: "Localizable.xcstrings")
        return try StringBundle(tables: [table]).localized(for: language)
    }

    @Test func pluralFormsFollowEachLanguagesRules() throws {
        let expected: [String: [String]] = [
            "en": ["1 item", "2 items", "5 items", "21 items", "1,000 items"],
            "ru": ["1 товар", "2 товара", "5 товаров", "21 товар", "1 000 товаров"],
            "ja": ["1点", "2点", "5点", "21点", "1,000点"],
        ]
        for (language, texts) in expected {
            let bundle = try bundle(language)
            let shown = try [1, 2, 5, 21, 1000].map { try bundle.localizedString(forKey: "items", arguments: [.number(Double($0))]) }
            #expect(shown.map { $0.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") } == texts, "\(language)")
        }
    }

    @Test func substitutionsPositionsZeroFormsAndFallbacks() throws {
        let en = try bundle("en")
        #expect(try en.localizedString(forKey: "greeting", arguments: [.string("Anna"), .number(0)]) == "Hello, Anna! You have no messages.")
        #expect(try en.localizedString(forKey: "greeting", arguments: [.string("Anna"), .number(1)]) == "Hello, Anna! You have 1 message.")
        #expect(try en.localizedString(forKey: "greeting", arguments: [.string("Anna"), .number(1200)]) == "Hello, Anna! You have 1,200 messages.")
        let de = try bundle("de")
        #expect(try de.localizedString(forKey: "greeting", arguments: [.string("Anna"), .number(1200)]) == "1.200 Nachrichten für Anna")
        // No German plural forms for "items": the source language's.
        #expect(try de.localizedString(forKey: "items", arguments: [.number(3)]) == "3 items")
        // A key with no text in any language is its own source text.
        #expect(try de.localizedString(forKey: "Only in source %lld", arguments: [.number(7)]) == "Only in source 7")
    }

    @Test func numbersAndDatesAreFormattedForTheLocale() throws {
        let date = LocalizedArgument.date(try #require(SceneLocalization.date("2024-06-03T09:41:00Z")), style: .date,
                                          timeZone: TimeZone(identifier: "UTC")!)
        #expect(try bundle("en").localizedString(forKey: "price", arguments: [.number(1234.5), date]) == "1,234.50 € on June 3, 2024")
        #expect(try bundle("de").localizedString(forKey: "price", arguments: [.number(1234.5), date]) == "1.234,50 € am 3. Juni 2024")
        #expect(SceneLocalization.date("2024-06-03") != nil)
        #expect(SceneLocalization.date("June 3") == nil)
    }

    @Test func wrongArgumentsAndMissingKeysAreErrors() throws {
        let en = try bundle("en")
        func message(_ key: String, _ arguments: [LocalizedArgument]) -> (String, LocalizationError.Subject)? {
            do { _ = try en.localizedString(forKey: key, arguments: arguments); return nil } catch { return (error.description, error.subject) }
        }
        let missing = try #require(message("nope", []))
        #expect(missing.0.contains("\"nope\" is not a key of Localizable.xcstrings") && missing.1 == .key)
        let few = try #require(message("greeting", [.string("Anna")]))
        #expect(few.0.contains("takes 2 arguments (%@, %#@messages@), found 1") && few.1 == .arguments)
        let many = try #require(message("items", [.number(1), .number(2)]))
        #expect(many.0.contains("takes 1 argument (%lld), found 2"))
        let type = try #require(message("items", [.string("three")]))
        #expect(type.0.contains("%lld needs a whole number, found a string \"three\"") && type.1 == .argument(0))
        let fraction = try #require(message("items", [.number(2.5)]))
        #expect(fraction.0.contains("needs a whole number, found 2.5"))
        #expect(throws: LocalizationError.self) { try bundle("fr") }
    }

    @Test func malformedCatalogsNameTheFileAndPlace() {
        func problem(_ json: String) -> String {
            do { _ = try StringTable(catalogData: Data(json.utf8), name: "L", file: "L.xcstrings"); return "" } catch { return error.description }
        }
        let syntax = problem("{\n  \"sourceLanguage\": \"en\",\n  \"strings\" {}\n}")
        #expect(syntax.hasPrefix("L.xcstrings: not valid JSON") && syntax.contains("line 3"), "\(syntax)")
        #expect(problem(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"value": "x"}}}}}}}}}"#)
            .contains(#"L.xcstrings: strings.a.localizations.en.variations.plural: needs an "other" form"#))
        #expect(problem(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"state": "new"}}}}}}"#)
            .contains("strings.a.localizations.en.stringUnit.value: is required"))
        #expect(problem("[]").contains("expected a String Catalog object"))
    }

    @Test func stringsTablesReadOneFilePerLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, text) in [("en", #""hello" = "Hello, %@!";"#), ("de", "/* greeting */\n\"hello\" = \"Hallo, %@!\";\n")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(language).lproj/Cards.strings"))
        }
        let bundle = try StringBundle(contentsOf: [folder.appendingPathComponent("Cards.strings")])
        #expect(bundle.languages == ["de", "en"])
        #expect(bundle.tables.map(\.name) == ["Cards"])
        #expect(try bundle.localized(for: "de").localizedString(forKey: "hello", table: "Cards", arguments: [.string("Anna")]) == "Hallo, Anna!")
        #expect(throws: LocalizationError.self) { try bundle.localizedString(forKey: "missing") }
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";\n".utf8).write(to: folder.appendingPathComponent("de.lproj/Cards.strings"))
        do { _ = try StringBundle(contentsOf: [folder.appendingPathComponent("Cards.strings")]); Issue.record("read a malformed table") } catch {
            #expect(error.description.hasPrefix("de.lproj/Cards.strings: not a strings table"), "\(error)")
        }
    }

    @Test func localizedStringKeyInterpolationBuildsTheKey() throws {
        let key: LocalizedStringKey = "Only in source \(7)"
        #expect(key.key == "Only in source %lld")
        #expect(key.arguments == [.number(7)])
        let text = Text(key, bundle: try bundle("de"))
        #expect(text.spans.map(\.text) == ["Only in source 7"])
        // A key no table has shows as written, as SwiftUI shows it.
        #expect(Text("Not there \("x")", bundle: try bundle("en")).spans.map(\.text) == ["Not there x"])
    }

    // MARK: Scenes

    static let sceneURL = SceneGoldenTests.scenesDirectory.appendingPathComponent("localized-card.json")

    func decode(_ locale: String?) throws -> Scene {
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.locale = locale
        return try decoder.decode(contentsOf: Self.sceneURL)
    }

    /// Every locale of the card's catalog renders with its own plural forms; frames match goldens.
    @Test(arguments: ["de", "en", "ja", "ru"])
    func everyLocaleRendersItsOwnPluralForms(locale: String) throws {
        TestFonts.pin()
        let scene = try decode(locale)
        #expect(scene.locale == locale && scene.locales == ["de", "en", "ja", "ru"])
        #expect(scene.environment.language == locale)
        let renderer = try SceneRenderer(scene: scene)
        let counts = try #require(zip(scene.blocks, renderer.layouts).first { $0.0.id == "counts" }?.1.exportedText)
        let expected = [
            "en": "1 item  ·  3 items  ·  5 items  ·  21 items",
            "de": "1 Produkt  ·  3 Produkte  ·  5 Produkte  ·  21 Produkte",
            "ru": "1 товар  ·  3 товара  ·  5 товаров  ·  21 товар",
            "ja": "1点  ·  3点  ·  5点  ·  21点",
        ]
        #expect(counts == expected[locale])
        let last = scene.frameCount - 1
        try Golden.assertImage(renderer.renderFrame(last), named: "scenes/localized-card/\(locale)/frame_\(String(format: "%04d", last)).png")
    }

    @Test func theSceneDefaultsToItsLocaleAndReportsUnknownOnes() throws {
        #expect(try decode(nil).locale == "en")
        let problems = sceneProblemLines(#"{"canvas": {"width": 10, "height": 10}, "environment": {"locale": "fr"}, "strings": "Localizable.xcstrings", "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": [{"key": "checkout"}]}]}"#,
                                         baseDirectory: SceneGoldenTests.scenesDirectory)
        #expect(problems.first?.hasPrefix(#"s.json: environment.locale: "fr" is not a language of Localizable.xcstrings (it has de, en, ja, ru)"#) == true, "\(problems)")
    }

    @Test func keySpanProblemsAreReportedAtTheirPaths() {
        let problems = sceneProblemLines(#"""
        {"canvas": {"width": 10, "height": 10}, "strings": "Localizable.xcstrings",
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": [
           {"key": "nope"}, {"key": "items.count"}, {"key": "items.count", "arguments": ["x"]},
           {"key": "checkout", "text": "x"}, {"key": "delivery.date", "arguments": [{"date": "soon"}]},
           {"key": "checkout", "table": "Other"}],
           "truncation": {"token": [{"key": "items.count", "arguments": [1, 2]}]}}]}
        """#, baseDirectory: SceneGoldenTests.scenesDirectory)
        let expected = [
            #"blocks[0].text[0].key: "nope" is not a key of Localizable.xcstrings"#,
            #"blocks[0].text[1].arguments: "items.count" (en) takes 1 argument (%lld), found 0"#,
            #"blocks[0].text[2].arguments[0]: "items.count" (en): %lld needs a whole number, found a string "x""#,
            "blocks[0].text[3]: has key and text; give exactly one of text, image, tag or key",
            #"blocks[0].text[4].arguments[0].date: "soon" is not an ISO 8601 date"#,
            #"blocks[0].text[5].table: there is no table "Other" (tables: Localizable)"#,
            #"blocks[0].truncation.token[0].arguments: "items.count" (en) takes 1 argument (%lld), found 2"#,
        ]
        for line in expected {
            #expect(problems.contains { $0.hasPrefix("s.json: " + line) }, "\(line)\n\(problems.joined(separator: "\n"))")
        }
        #expect(problems.count == expected.count, "\(problems.joined(separator: "\n"))")
    }

    @Test func aKeyWithoutStringsIsAnError() {
        let problems = sceneProblemLines(#"{"canvas": {"width": 10, "height": 10}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": [{"key": "x"}]}]}"#)
        #expect(problems == [#"s.json: blocks[0].text[0].key: needs the scene's "strings" (a String Catalog .xcstrings or .strings table) to look the key up"#])
    }
}
