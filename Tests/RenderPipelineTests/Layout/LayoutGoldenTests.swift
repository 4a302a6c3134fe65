import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Golden layout dumps (lines → runs → glyphs) over the pinned fonts.
@Suite struct LayoutGoldenTests {
    static let cases: [(name: String, text: String, language: String, width: Double)] = [
        ("latin", "The quick brown fox jumps over the lazy dog. Office affinity: ffi ligatures.", "en", 320),
        ("cyrillic", "Съешь же ещё этих мягких французских булок, да выпей чаю.", "ru", 300),
        ("cjk", "天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。寒来暑往，秋收冬藏。", "zh-CN", 260),
        ("mixed", "Hello, Привет, 你好! Emoji 👋🏽 and שלום עולם in one line of text.", "en", 280),
    ]

    @Test(arguments: cases.map(\.name))
    func layoutMatchesGolden(name: String) throws {
        TestFonts.pin()
        let sample = Self.cases.first { $0.name == name }!
        let text = RichText(sample.text, style: Style(font: FontDescriptor(family: "Sans", size: 20)))
        let layout = TextLayout(text, options: LayoutOptions(width: sample.width, environment: TextEnvironment(language: sample.language)))
        try Golden.assertText(LayoutDump.encode(LayoutDump(layout)), named: "layouts/\(name).json")
    }

    @Test func cjkTextUsesTheCJKFontAndWraps() {
        TestFonts.pin()
        let text = RichText("天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。", style: Style(font: FontDescriptor(size: 20)))
        let layout = TextLayout(text, options: LayoutOptions(width: 100, environment: TextEnvironment(language: "zh-CN")))
        #expect(layout.count >= 4)
        #expect(layout.runs.allSatisfy { $0.font.family == "Noto Sans CJK SC" })
        for line in layout { #expect(line.typographicBounds.width <= 100.001) }
    }

    @Test func rightToLeftRunsAreMarked() {
        TestFonts.pin()
        let layout = TextLayout(RichText("abc שלום def"), options: LayoutOptions(width: 400))
        let hebrew = layout.runs.first { $0.text.contains("שלום") }
        #expect(hebrew?.isRightToLeft == true)
        #expect(layout.runs.first?.isRightToLeft == false)
        // Glyphs of an RTL run are in visual order: the first glyph drawn is the last letter.
        #expect(hebrew?.first?.text == "ם")
    }

    @Test func ligatureGlyphCoversItsWholeCluster() {
        TestFonts.pin()
        let layout = TextLayout(RichText("office", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 30))),
                                options: LayoutOptions())
        let texts = layout.glyphs.map { String($0.text) }
        #expect(texts == ["o", "ffi", "c", "e"])
    }

    /// Paragraph settings from the Block contract change where lines go.
    @Test func lineSpacingLineHeightAndAlignmentPlaceLines() {
        TestFonts.pin()
        let text = RichText("one two three four five six seven eight nine ten eleven twelve",
                            style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 20)))
        func layout(_ options: LayoutOptions) -> TextLayout { TextLayout(text, options: options) }
        func gap(_ l: TextLayout) -> Double { l[1].typographicBounds.origin.y - l[0].typographicBounds.origin.y }
        let plain = layout(LayoutOptions(width: 200))
        #expect(plain.count >= 3)
        #expect(abs(gap(layout(LayoutOptions(width: 200, lineSpacing: 10))) - (gap(plain) + 10)) < 0.01)
        #expect(gap(layout(LayoutOptions(width: 200, lineHeightMultiple: 2))) > 1.9 * gap(plain))
        // Trailing alignment puts every line's end at the width; centered puts its middle there.
        for line in layout(LayoutOptions(width: 200, alignment: .trailing)) {
            let b = line.typographicBounds
            #expect(abs(b.origin.x + b.width - 200) < 0.01)
        }
        for line in layout(LayoutOptions(width: 200, alignment: .center)) {
            let b = line.typographicBounds
            #expect(abs(b.origin.x + b.width / 2 - 100) < 0.01)
        }
        // Justified stretches every line but the last to the full width.
        let justified = layout(LayoutOptions(width: 200, alignment: .justified))
        for line in justified.dropLast() { #expect(abs(line.typographicBounds.width - 200) < 0.5) }
    }

    @Test func glyphPositionsAreNotRounded() {
        TestFonts.pin()
        let layout = TextLayout(RichText("iiiiiiiiii", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 13))),
                                options: LayoutOptions())
        let xs = layout.glyphs.map { $0.position.x }
        #expect(xs.contains { $0 != $0.rounded() })
    }
}
