import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every font set-up failure says what it said when it was a string.
@Suite struct LayoutErrorTests {
    static let messages: [(LayoutError, String)] = [
        (.fontConfigurationUnloadable, "fonts: fontconfig could not load its configuration"),
        (.fontsNotAFolder("Fonts/missing"), "fonts: Fonts/missing is not a folder"),
        (.fontsUnreadable(folder: "Fonts"), "fonts: fontconfig could not read fonts in Fonts"),
        (.noFonts, "fonts: fontconfig finds no fonts, so no text could be drawn (is FONTCONFIG_FILE right? install fonts-dejavu-core)"),
    ]

    @Test(arguments: messages) func message(_ error: LayoutError, _ expected: String) {
        #expect(error.description == expected)
    }

    @Test func aMissingFontsFolderIsItsCase() {
        #expect(throws: LayoutError.fontsNotAFolder("/nonexistent/fonts")) { try FontLibrary(addingDirectories: ["/nonexistent/fonts"]) }
    }
}
