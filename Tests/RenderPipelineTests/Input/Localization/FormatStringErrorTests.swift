import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `FormatStringError` case says what it said when it was a string, and the parser
/// throws the case of each cause.
@Suite struct FormatStringErrorTests {
    static let cases: [(format: String, error: FormatStringError, message: String)] = [
        ("50%", .lonePercent(format: "50%"), "a lone % at the end of \"50%\" (write %% for a percent sign)"),
        ("%#@files", .unclosedSubstitution(specifier: "%#@files", format: "%#@files"), "%#@files in \"%#@files\" has no closing @"),
        ("%*d", .starWidth(format: "%*d"), "\"*\" widths are not supported in \"%*d\""),
        ("%.101f", .precisionTooLong(specifier: "%.101", format: "%.101f", limit: 100),
         "%.101 in \"%.101f\": a precision is at most 100 digits"),
        ("a %ll", .noConversion(specifier: "%ll", format: "a %ll"), "%ll at the end of \"a %ll\" has no conversion (write %% for a percent sign)"),
        ("%k", .unknownConversion(specifier: "%k", format: "%k"),
         "%k in \"%k\" is not a conversion this renderer knows (use %@, %lld, %d, %f, %.2f, %x, %s or %% for a percent sign)"),
        ("%65$@", .argumentOutOfRange(specifier: "%65$@", format: "%65$@", limit: 64), "%65$@ in \"%65$@\": argument numbers run from 1 to 64"),
        (String(repeating: "%d", count: 65), .tooManyConversions(format: String(repeating: "%d", count: 65), limit: 64),
         "\"\(String(repeating: "%d", count: 65))\" has more than 64 conversions"),
    ]

    @Test(arguments: cases) func message(_ format: String, _ error: FormatStringError, _ message: String) {
        #expect(error.description == message)
        #expect(error.message == message)
        #expect(throws: error) { try FormatString(parsing: format) }
    }
}
