import Foundation
import Testing
@testable import RenderPipeline

/// `LineBreaks` breaks a text at one width after another into the lines `TextLayout` has at
/// each: the caption searches (widest width, balanced width) try widths with it instead of
/// laying the text out, and must land on the same widths.
@Suite struct LineBreaksTests {
    /// Widths in no order, some repeated, so a width never depends on the one before.
    static let widths: [Double] = [333, 41.5, 800, 120.25, 41.5, 2, 260, 75, 1000, 333]

    func expectSameLines(_ text: RichText, options: LayoutOptions) {
        TestFonts.pin()
        let breaks = LineBreaks(text, options: options)
        var counts = Set<Int>()
        for width in Self.widths {
            var atWidth = options
            atWidth.width = width
            let layout = TextLayout(text, options: atWidth)
            let expected = layout.map { String($0.text) }
            #expect(breaks.lines(width: width).map(String.init) == expected, "at \(width) pt")
            #expect(breaks.lineWidths(width: width) == layout.map { Double($0.typographicBounds.width) }, "at \(width) pt")
            counts.insert(expected.count)
        }
        // The widths must give different breaks, or the test proves nothing.
        #expect(counts.count >= 4, "line counts \(counts)")
    }

    @Test func styledSpansAndParagraphs() {
        let words = "Ask not what your captions can do for you; ask what you can do for your captions.\nThen a second paragraph, with a heavier word and a wider one."
            .split(separator: " ")
        let spans = words.enumerated().map { index, word in
            var style = Style()
            if index % 3 == 0 { style.bold = true }
            if index % 5 == 0 { style.font = FontDescriptor(size: 26) }
            if index % 7 == 0 { style.kerning = 1.5 }
            return Span(String(word) + (index + 1 < words.count ? " " : ""), style: style)
        }
        expectSameLines(RichText(spans: spans, baseStyle: Style(font: FontDescriptor(size: 20))),
                        options: LayoutOptions(width: 333, alignment: .center, lineSpacing: 4))
    }

    @Test func keepAllBreaksOnlyAtSpacesUnlessAWordIsTooWide() {
        let korean = "나만의 작은 정원을 가꾸는 방법을 알아보세요. 초콜릿과커피를좋아하는사람들을위한안내서입니다."
        expectSameLines(RichText(korean, style: Style(font: FontDescriptor(size: 20))),
                        options: LayoutOptions(width: 333, environment: TextEnvironment(language: "ko"), wordBreak: .keepAll))
    }

    @Test func aLongStretchWithoutBreaks() {
        let text = String(repeating: "x", count: 1100) + " " + String(repeating: "word ", count: 40)
        expectSameLines(RichText(text, style: Style(font: FontDescriptor(size: 12))), options: LayoutOptions(width: 333))
    }
}
