import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Text from real users in the pinned fonts: every script captions and cards commonly carry is
/// drawn with real glyphs, never a missing-glyph box (glyph 0, or Pango's unknown-glyph flag
/// with the character's code point, which draws as a hex box).
@Suite struct ScriptCoverageTests {
    @Test(arguments: [
        ("Hindi", "क्या आप मुझे खत्म करना चाहते हैं", "Noto Sans Devanagari"),
        ("Arabic", "مرحبا بالعالم", "DejaVu Sans"),
        ("Hebrew", "שלום עולם", "DejaVu Sans"),
        ("Korean", "안녕하세요 여러분", "Noto Sans CJK SC"),
        ("Japanese", "今日は晴れです", "Noto Sans CJK SC"),
        ("Russian", "Привет, мир", "DejaVu Sans"),
    ])
    func everyGlyphIsReal(script: String, text: String, family: String) throws {
        TestFonts.pin()
        let layout = TextLayout(RichText(spans: [Span(text)]), options: LayoutOptions(width: 800),
                                fonts: try FontLibrary.forScene(addingDirectories: []))
        let runs = layout.runs
        let glyphs = runs.flatMap { run in run.map(\.glyphID) }
        let missing = glyphs.filter { $0 == 0 || $0 & 0x1000_0000 != 0 }
        #expect(!glyphs.isEmpty && missing.isEmpty, "\(script): missing glyphs \(missing.map { String($0 & 0xFFFFFF, radix: 16) })")
        #expect(runs.contains { $0.font.family == family }, "\(script): drawn in \(Set(runs.map(\.font.family)))")
    }
}
