import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `LocalizationError` case says what it said when it was a list of strings, and is about
/// the same part of a span (`subject`).
@Suite struct LocalizationErrorTests {
    static let messages: [(LocalizationError, String)] = [
        (.unreadable(file: "Localizable.xcstrings", reason: "no such file"), "Localizable.xcstrings: cannot read the file (no such file)"),
        (.tooLarge(file: "big.xcstrings", limit: 64_000_000), "big.xcstrings: larger than 64 MB; not read"),
        (.invalidJSON(file: "a.xcstrings", reason: "line 2, column 5: unexpected character"),
         "a.xcstrings: not valid JSON (line 2, column 5: unexpected character)"),
        (.notACatalog(file: "a.xcstrings", found: "an array"), "a.xcstrings: expected a String Catalog object, found an array"),
        (.catalogEntry(file: "a.xcstrings", path: "sourceLanguage", problem: "is required"), "a.xcstrings: sourceLanguage: is required"),
        (.notATableFile(file: "strings.json"), "strings.json: not a String Catalog (.xcstrings) or strings table (.strings)"),
        (.noStringsFiles(file: "Card.strings", name: "Card", folder: "/scenes"), "Card.strings: no <language>.lproj/Card.strings in /scenes"),
        (.notAStringsTable(file: "de.lproj/Card.strings", detail: "\"key\" = \"value\"; lines"),
         "de.lproj/Card.strings: not a strings table (\"key\" = \"value\"; lines)"),
        (.notAPair(file: "de.lproj/Card.strings", key: "title"), "de.lproj/Card.strings: title is not a \"key\" = \"value\"; pair of strings"),
        (.unknownLanguage("fr", files: ["A.xcstrings", "B.strings"], languages: ["de", "en"]),
         "\"fr\" is not a language of A.xcstrings, B.strings (it has de, en)"),
        (.noTable("Other", tables: ["Localizable", "Card"]), "there is no table \"Other\" (tables: Localizable, Card)"),
        (.unknownKey("title", files: ["Localizable.xcstrings"]), "\"title\" is not a key of Localizable.xcstrings"),
        (.argumentCount(label: "\"n\" (de)", needed: 1, allowed: 1, conversions: ["%lld"], found: 0), "\"n\" (de) takes 1 argument (%lld), found 0"),
        (.argumentCount(label: "\"n\" (de)", needed: 1, allowed: 2, conversions: ["%@"], found: 3), "\"n\" (de) takes 1 to 2 arguments (%@), found 3"),
        (.argumentCount(label: "\"n\" (en)", needed: 0, allowed: 0, conversions: [], found: 1), "\"n\" (en) takes 0 arguments, found 1"),
        (.argumentMismatch(label: "\"n\" (de, shown in en)", index: 0, problem: "%lld needs a whole number, found a string \"x\""),
         "\"n\" (de, shown in en): %lld needs a whole number, found a string \"x\""),
        (.inString(label: "\"n\" (de)", .noOtherForm), "\"n\" (de): the plural variation has no \"other\" form"),
        (.nestedTooDeep("substitutions", limit: 8), "substitutions nest more than 8 deep"),
        (.nestedTooDeep("variations", limit: 8), "variations nest more than 8 deep"),
        (.formatString(.lonePercent(format: "50%")),
         "a lone % at the end of \"50%\" (write %% for a percent sign)"),
        (.unknownSubstitution(specifier: "%#@files@", format: "%#@files@ left", available: []),
         "%#@files@ in \"%#@files@ left\" names no substitution (the string has none)"),
        (.unknownSubstitution(specifier: "%#@files@", format: "%#@files@", available: ["a", "b"]),
         "%#@files@ in \"%#@files@\" names no substitution (the string has a, b)"),
        (.noSubstitution(specifier: "%#@files@"), "%#@files@ names no substitution"),
        (.missingArgument(specifier: "%2$@", index: 2, count: 1), "%2$@ reads argument 2; there are 1"),
        (.noPluralArgument, "the string varies by plural but has no number argument to choose its form"),
        (.pluralNotANumber(type: "a string", value: "\"x\""), "a plural form is chosen by a number, found a string \"x\""),
        (.noOtherForm, "the plural variation has no \"other\" form"),
        (.unsuitableArgument("%@ needs a string, found a number 3"), "%@ needs a string, found a number 3"),
        (.several([.unreadable(file: "a.xcstrings", reason: "no such file"), .notATableFile(file: "b.txt")]),
         "a.xcstrings: cannot read the file (no such file)\nb.txt: not a String Catalog (.xcstrings) or strings table (.strings)"),
    ]

    @Test(arguments: messages) func message(_ error: LocalizationError, _ expected: String) {
        #expect(error.description == expected)
        #expect(error.messages == expected.split(separator: "\n").map(String.init))
    }

    static let subjects: [(LocalizationError, LocalizationError.Subject)] = [
        (.unknownKey("k", files: []), .key),
        (.inString(label: "\"k\" (en)", .noOtherForm), .key),
        (.argumentCount(label: "\"k\" (en)", needed: 1, allowed: 1, conversions: [], found: 0), .arguments),
        (.argumentMismatch(label: "\"k\" (en)", index: 2, problem: "p"), .argument(2)),
        (.all([.argumentMismatch(label: "\"k\" (en)", index: 1, problem: "p")]), .argument(1)),
        (.all([.argumentMismatch(label: "l", index: 0, problem: "p"), .argumentMismatch(label: "l", index: 1, problem: "q")]), .arguments),
        (.all([.catalogEntry(file: "a", path: "strings", problem: "is required"), .catalogEntry(file: "a", path: "x", problem: "y")]), .key),
    ]

    @Test(arguments: subjects) func subject(_ error: LocalizationError, _ expected: LocalizationError.Subject) {
        #expect(error.subject == expected)
    }
}
