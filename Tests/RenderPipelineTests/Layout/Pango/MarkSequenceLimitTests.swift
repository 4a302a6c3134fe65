import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Runs of combining marks are cut at 30 after their base, wherever they run (issue 34), so
/// shaping stays linear; text within the limit is laid out as written.
@Suite struct MarkSequenceLimitTests {
    static let acute = "\u{301}"
    static let base = Style(font: FontDescriptor(family: "DejaVu Sans", size: 17))

    func glyphCount(_ text: RichText) -> Int {
        TestFonts.pin()
        return TextLayout(text, options: LayoutOptions(width: 300)).glyphCount
    }

    @Test func marksPastTheThirtiethAreLeftOut() {
        var marks = 0
        let cut = MarkSequenceLimit.limited("a" + String(repeating: Self.acute, count: 1000) + "b" + Self.acute, marksBefore: &marks)
        #expect(cut == "a" + String(repeating: Self.acute, count: 30) + "b" + Self.acute)
        #expect(marks == 1)
    }

    @Test func textWithinTheLimitIsUntouched() {
        var marks = 0
        let text = "Zalgo: e" + String(repeating: Self.acute, count: 30) + " 👩🏽‍💻 क्षि ❤️ 🏴󠁧󠁢󠁥󠁮󠁧󠁿"
        #expect(MarkSequenceLimit.limited(text, marksBefore: &marks) == nil)
        let rich = RichText(text, style: Self.base)
        #expect(MarkSequenceLimit.limited(rich) == rich)
    }

    /// Invisible separators do not end a run: HarfBuzz's search for the base skips them as well.
    @Test func invisibleCharactersDoNotStartANewRun() {
        var marks = 0
        let run = String(repeating: Self.acute, count: 20)
        let cut = MarkSequenceLimit.limited("a" + run + "\u{200B}" + run + "\u{200D}" + run, marksBefore: &marks)
        #expect(cut == "a" + run + "\u{200B}" + String(repeating: Self.acute, count: 10) + "\u{200D}")
    }

    /// Markup that alternates spans inside one run of marks is cut as one run.
    @Test func aRunAcrossSpansIsCutAsOne() {
        let ten = String(repeating: Self.acute, count: 10)
        let spans = [Span("a")] + (0..<100).map { Span(ten, style: $0 % 2 == 0 ? Style(bold: true) : Style()) }
        let limited = MarkSequenceLimit.limited(RichText(spans: spans, baseStyle: Self.base))
        #expect(limited.plainText == "a" + String(repeating: Self.acute, count: 30))
        // A soft hyphen alone does not end the run; a letter does.
        let twenty = String(repeating: Self.acute, count: 20)
        let hyphen = MarkSequenceLimit.limited(RichText(spans: [Span("a" + twenty), Span("\u{AD}"), Span(twenty)]))
        #expect(hyphen.plainText == "a" + twenty + "\u{AD}" + String(repeating: Self.acute, count: 10))
        let letter = MarkSequenceLimit.limited(RichText(spans: [Span("a" + twenty), Span("b"), Span(twenty)]))
        #expect(letter.plainText == "a" + twenty + "b" + twenty)
    }

    /// The layout holds the base and 30 marks whatever follows, and measuring reports the text laid out.
    @Test func layoutAndMeasurementHoldTheCutText() {
        let many = RichText("a" + String(repeating: Self.acute, count: 5000) + " end", style: Self.base)
        let thirty = RichText("a" + String(repeating: Self.acute, count: 30) + " end", style: Self.base)
        #expect(glyphCount(many) == glyphCount(thirty))
        #expect(many.measure(options: LayoutOptions(width: 300)).text == thirty.plainText)
    }
}
