import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `MarkupError` case says what it said when it was a string.
@Suite struct MarkupErrorTests {
    static let messages: [(MarkupError, String)] = [
        (.tooDeep(limit: 64), "tags nest more than 64 levels deep"),
        (.invalid("Error on line 1 char 12: Element 'b' was closed, but the currently open element is 'i'"),
         "Error on line 1 char 12: Element 'b' was closed, but the currently open element is 'i'"),
        // One line, as every scene problem is reported on one line.
        (.invalid("Error on line 2:\n   unknown tag\n\n"), "Error on line 2: unknown tag"),
    ]

    @Test(arguments: messages) func message(_ error: MarkupError, _ expected: String) {
        #expect(error.description == expected)
        #expect(error.message == expected)
    }

    @Test func deepMarkupIsRefusedBeforeParsing() {
        let markup = String(repeating: "<b>", count: 65) + "x" + String(repeating: "</b>", count: 65)
        #expect(throws: MarkupError.tooDeep(limit: SceneLimits.maximumMarkupDepth)) { try PangoMarkupParser.spans(from: markup) }
    }
}
