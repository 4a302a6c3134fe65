import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `wordBreak: keep-all` and dictionary hyphenation: where lines break, and what else sees it.
@Suite struct LineBreakingTests {
    static let korean = "나만의 작은 정원을 가꾸는 방법을 알아보세요. 초콜릿과 커피를 좋아하는 사람들을 위한 안내서입니다."
    static let english = "Extraordinary internationalization requires comprehensive documentation and responsibility."

    func layout(_ text: String, width: Double, language: String = "en-US", wordBreak: WordBreak = .normal,
                hyphenate: Bool = false, lineLimit: Int? = nil) -> TextLayout {
        TestFonts.pin()
        let options = LayoutOptions(width: width, environment: TextEnvironment(language: language), lineLimit: lineLimit,
                                    wordBreak: wordBreak, hyphenate: hyphenate)
        return TextLayout(RichText(text, style: Style(font: FontDescriptor(size: 20))), options: options)
    }

    /// Whether every line after the first starts right after a space.
    func linesStartAtWords(_ layout: TextLayout) -> Bool {
        let bytes = Array(layout.text.utf8)
        return layout.dropFirst().allSatisfy { line in
            let start = line.characterRange.lowerBound
            return start > 0 && bytes[start - 1] == UInt8(ascii: " ")
        }
    }

    @Test(arguments: [140.0, 200, 260, 330])
    func keepAllBreaksKoreanAtSpacesOnly(width: Double) {
        let normal = layout(Self.korean, width: width, language: "ko", wordBreak: .normal)
        let keepAll = layout(Self.korean, width: width, language: "ko", wordBreak: .keepAll)
        #expect(!linesStartAtWords(normal), "at \(width) pt the default rules should split a word, or the test proves nothing")
        #expect(linesStartAtWords(keepAll), "lines: \(keepAll.map { String($0.text) })")
        #expect(keepAll.allSatisfy { $0.typographicBounds.width <= width + 0.01 })
        #expect(keepAll.graphemeCount == normal.graphemeCount)
    }

    @Test func keepAllStillBreaksAWordWiderThanTheLine() {
        let word = String(repeating: "가나다라마바사", count: 4)
        let layout = layout("짧은 " + word, width: 120, language: "ko", wordBreak: .keepAll)
        #expect(layout.lineCount > 2)
        #expect(layout.allSatisfy { $0.typographicBounds.width <= 120.01 }, "\(layout.map { $0.typographicBounds.width })")
    }

    @Test func keepAllLeavesLatinAndJapaneseKanaWordsWhole() {
        let layout = layout("これは テスト です。Keep-all also keeps Latin words.", width: 110, language: "ja", wordBreak: .keepAll)
        #expect(linesStartAtWords(layout) || layout.dropFirst().allSatisfy { line in
            let text = String(layout.text.utf8.prefix(line.characterRange.lowerBound)) ?? ""
            return text.hasSuffix(" ") || text.hasSuffix("-") || text.hasSuffix("。")
        }, "\(layout.map { String($0.text) })")
    }

    /// The line-end breaks inside words: (word, characters before the break).
    func hyphenatedBreaks(_ layout: TextLayout) -> [(word: String, at: Int)] {
        var result: [(String, Int)] = []
        let text = layout.text
        for line in layout.dropLast() {
            let lineText = String(line.text)
            guard lineText.hasSuffix("\u{AD}") else { continue }
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: line.characterRange.upperBound)
            let before = String(text[..<end]).removingSoftHyphens
            let after = String(text[end...]).removingSoftHyphens
            let head = before.reversed().prefix { $0.isLetter }
            let tail = after.prefix { $0.isLetter }
            result.append((String(head.reversed()) + tail, head.count))
        }
        return result
    }

    @Test func narrowEnglishColumnsHyphenateAtDictionaryPoints() throws {
        let plain = layout(Self.english, width: 180)
        let hyphenated = layout(Self.english, width: 180, hyphenate: true)
        let breaks = hyphenatedBreaks(hyphenated)
        #expect(!breaks.isEmpty, "no line of \(hyphenated.map { String($0.text) }) ends in a hyphen")
        let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
        for (word, at) in breaks {
            #expect(dictionary.breaks(in: Substring(word)).contains(at), "\(word) split after \(at) characters, not a dictionary point")
        }
        #expect(breaks.contains { $0.word == "internationalization" })
        // The hyphen is drawn: the line's last glyph is a visible glyph for the soft hyphen.
        let line = try #require(hyphenated.first { String($0.text).hasSuffix("\u{AD}") })
        let last = try #require(line.last?.last)
        #expect(last.text == "\u{AD}" && !last.isInvisible)
        #expect(hyphenated.exportedText == plain.exportedText, "soft hyphens stay out of exported text")
        #expect(hyphenated.graphemeCount == plain.graphemeCount, "soft hyphens are no units of their own")
        #expect(hyphenated.lineCount <= plain.lineCount)
    }

    @Test func germanCompoundsHyphenateWithTheGermanPatterns() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let dictionary = try #require(HyphenationDictionary.forLanguage("de-DE"))
        let points = dictionary.breaks(in: Substring(word))
        #expect(points.count >= 8, "\(points)")
        let layout = layout("Der " + word + " grüßt.", width: 150, language: "de-DE", hyphenate: true)
        let breaks = hyphenatedBreaks(layout)
        #expect(!breaks.isEmpty)
        for (found, at) in breaks where found == word { #expect(points.contains(at)) }
        #expect(layout.allSatisfy { $0.typographicBounds.width <= 150.01 })
    }

    @Test func noDictionaryMeansNoHyphenation() {
        #expect(HyphenationDictionary.forLanguage("xx") == nil)
        #expect(HyphenationDictionary.forLanguage("en") != nil)
        #expect(HyphenationDictionary.forLanguage("../../etc/passwd") == nil)
        let layout = layout(Self.english, width: 180, language: "xx", hyphenate: true)
        #expect(!layout.text.contains("\u{AD}"))
    }

    @Test func acronymsShortWordsAndAuthorsSoftHyphensStayAsWritten() {
        let text = "NASA UNESCO into cats extra\u{AD}ordinary"
        let hyphenated = SoftHyphenation.hyphenated(RichText(text), language: "en-US")
        #expect(hyphenated.spans[0].text == text)
        #expect(SoftHyphenation.hyphenated(RichText("Unbelievable table"), language: "en-US").spans[0].text == "Un\u{AD}be\u{AD}liev\u{AD}able ta\u{AD}ble")
    }

    @Test func truncationAndMeasureSeeTheSameBreaks() {
        TestFonts.pin()
        let options = LayoutOptions(width: 180, environment: TextEnvironment(language: "en-US"), lineLimit: 2, hyphenate: true)
        let text = RichText(Self.english, style: Style(font: FontDescriptor(size: 20)))
        let layout = TextLayout(text, options: options)
        #expect(layout.isTruncated && layout.lineCount == 2)
        #expect(String(layout[0].text).hasSuffix("\u{AD}"), "the first line breaks at a hyphenation point: \(String(layout[0].text))")
        #expect(String(layout[1].text).hasSuffix("…"))
        let measured = PangoLayoutBuilder(text: text, options: options, fonts: .system).measure()
        #expect(measured.lineCount == 2 && measured.isTruncated)
        #expect(measured.fullLineCount == TextLayout(text, options: LayoutOptions(width: 180, environment: options.environment, hyphenate: true)).lineCount)
        #expect(!measured.text.contains("\u{AD}"))
    }

    @Test func markdownDocumentsHyphenateTheirTextButNotTheirCode() {
        TestFonts.pin()
        let markdown = MarkdownView("Extraordinary internationalization requires documentation.\n\n"
            + "```\ninternationalization documentation responsibility\n```\n\nInline `internationalization` stays.")
        var style = MarkdownStyle.light
        style[.codeBlock].wraps = true
        let options = LayoutOptions(width: 170, environment: TextEnvironment(language: "en-US"), hyphenate: true)
        let layout = TextLayout(MarkdownView(text: markdown.text, style: style), options: options)
        let code = layout.documentElements.first { $0.kind == .codeBlock }!
        let texts = layout.map { String($0.text) }
        let codeLines = texts[code.lines]
        #expect(texts.prefix(code.lines.lowerBound).contains { $0.hasSuffix("\u{AD}") }, "the paragraph hyphenates: \(texts)")
        #expect(!codeLines.contains { $0.contains("\u{AD}") }, "code keeps its words: \(codeLines)")
        #expect(!texts.contains { $0.contains("inter\u{AD}") && $0.contains("Inline") }, "inline code keeps its words")
    }

    @Test func scenesReadTheBlockFields() {
        let good = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x", "wordBreak": "keep-all", "hyphenate": true}]}"#)
        #expect(good.isEmpty, "\(good)")
        let bad = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x", "wordBreak": "keepAll", "hyphenate": "yes"}]}"#)
        #expect(bad.contains { $0.hasPrefix("s.json: blocks[0].wordBreak:") && $0.contains("keep-all") }, "\(bad)")
        #expect(bad.contains { $0.hasPrefix("s.json: blocks[0].hyphenate:") }, "\(bad)")
    }
}
