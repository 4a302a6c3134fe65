import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Which glyphs an effect's `select` picks: whole clusters, counted in logical order. (What the
/// built-in effects draw is tested in the EffectsTests target.)
@Suite struct TextSelectorTests {
    static let style = Style(font: FontDescriptor(family: "Sans", size: 28))

    func layout(_ text: String, width: Double = 600, language: String = "en") -> TextLayout {
        TestFonts.pin()
        return TextLayout(RichText(text, style: Self.style), options: LayoutOptions(width: width, environment: TextEnvironment(language: language)))
    }

    func selectedText(_ selector: TextSelector, in layout: TextLayout) -> [String] {
        selector.segments(of: layout).filter(\.isSelected).flatMap { $0.part.glyphs.map { String($0.text) } }
    }

    @Test func glyphRangeNeverSplitsALigature() {
        let layout = layout("office")
        #expect(layout.graphemeCount == 6)
        // Grapheme 2 is the second "f", inside the "ffi" ligature: the whole ligature is selected.
        #expect(selectedText(.range(.glyph, start: 2, end: 3), in: layout) == ["ffi"])
        #expect(selectedText(.range(.glyph, start: 0, end: 1), in: layout) == ["o"])
        #expect(selectedText(.range(.glyph, start: 5, end: nil), in: layout) == ["e"])
    }

    @Test func emojiZWJSequenceIsOneUnit() {
        let layout = layout("a👨‍👩‍👧‍👦b")
        #expect(layout.graphemeCount == 3)
        let family = selectedText(.range(.glyph, start: 1, end: 2), in: layout)
        #expect(family.joined() == "👨‍👩‍👧‍👦" || family.allSatisfy { $0 == "👨‍👩‍👧‍👦" })
        #expect(!family.isEmpty)
        #expect(selectedText(.range(.glyph, start: 2, end: 3), in: layout) == ["b"])
    }

    @Test func lineRangeSelectsAWholeCJKLine() {
        let layout = layout("天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏", width: 150, language: "zh-CN")
        #expect(layout.lineCount >= 3)
        let second = selectedText(.range(.line, start: 1, end: 2), in: layout)
        #expect(second.joined() == String(layout[1].text))
        #expect(second.allSatisfy { $0.count == 1 }, "every CJK character is its own unit")
    }

    @Test func wordRangeSelectsWholeWords() {
        let layout = layout("The quick brown fox")
        // White space between the words belongs to no word.
        #expect(selectedText(.range(.word, start: 1, end: 3), in: layout).joined() == "quickbrown")
    }

    @Test func rightToLeftUnitsCountInLogicalOrder() {
        let layout = layout("שלום")
        // The first grapheme in logical order is the rightmost glyph.
        let first = selectedText(.range(.glyph, start: 0, end: 1), in: layout)
        #expect(first == ["ש"])
        let glyphs = layout.glyphs
        #expect(glyphs.last?.graphemeRange.lowerBound == 0)
    }
}
