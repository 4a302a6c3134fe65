import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `FontLibrary.substitute(for:language:)` against the pinned fonts: what fontconfig has is
/// never called missing, and what it lacks is named with the family drawn instead.
@Suite struct FontSubstitutionTests {
    static func fonts() throws -> FontLibrary {
        TestFonts.pin()
        return try FontLibrary.forScene(addingDirectories: [])
    }

    @Test(arguments: [
        "DejaVu Sans", "Inter", "Material Icons", "Noto Sans CJK JP", "Noto Color Emoji",
        // fontconfig's comparison: case and blanks do not count.
        "inter", "DEJAVU SANS", "DejaVuSans",
        // A face's second family name (DejaVuSans-ExtraLight is also "DejaVu Sans Light").
        "DejaVu Sans Light",
        // Generic names ask for a kind of font: whatever the configuration gives them is it.
        "sans-serif", "Sans", "serif", "Monospace", "system-ui", "System", "cursive",
        // A list is satisfied by any of its names, as Pango tries them in turn.
        "Helvetica Neue, Inter", "Papyrus, sans-serif",
    ])
    func installedAndGenericFamiliesAreNotSubstituted(family: String) throws {
        #expect(try Self.fonts().substitute(for: family, language: "en") == nil)
    }

    @Test(arguments: [("Helvetica Neue", "DejaVu Sans"), ("Georgia", "DejaVu Sans"), ("DejaVu Sans Bold", "DejaVu Sans"),
                      ("Papyrus, Comic Sans MS", "DejaVu Sans")])
    func aMissingFamilyNamesTheOneDrawnInstead(family: String, used: String) throws {
        #expect(try Self.fonts().substitute(for: family, language: "en") == used)
    }

    @Test func theSubstituteIsTheFontTextIsDrawnIn() throws {
        let fonts = try Self.fonts()
        let text = RichText(spans: [Span("Hello", style: Style(font: FontDescriptor(family: "Helvetica Neue", size: 20)))])
        let layout = TextLayout(text, options: LayoutOptions(width: 400), fonts: fonts)
        #expect(layout.runs.map(\.font.family) == [try #require(fonts.substitute(for: "Helvetica Neue", language: "en"))])
    }

    @Test func thePinnedFamiliesAreListedWithTheirStyles() throws {
        let families = try Self.fonts().installedFamilies
        let dejaVu = try #require(families.first { $0.name == "DejaVu Sans" })
        #expect(dejaVu.styles == ["Bold", "Bold Oblique", "Book", "ExtraLight", "Oblique"])
        #expect(families.contains { $0.name == "Inter" } && families.contains { $0.name == "Material Icons" })
        #expect(families.map(\.name) == families.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
        #expect(families.allSatisfy { !$0.isFromAddedFolder })
        // Pango's own generic families are not fontconfig's: they are not listed.
        #expect(!families.contains { ["Sans", "Serif", "Monospace", "System-ui"].contains($0.name) })
    }
}
