import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Hyphenation is for prose: inline code, code blocks and URLs keep their characters, and where
/// a line must break inside one nothing is inserted.
@Suite struct CodeAndURLHyphenationTests {
    static let options = LayoutOptions(width: 90, environment: TextEnvironment(language: "en-US"), hyphenate: true)

    /// The byte offsets where Pango drew a hyphen it inserted (a glyph sharing its character with the one before).
    static func insertedHyphens(_ layout: TextLayout) -> [Int] {
        var found: [Int] = []
        for line in layout {
            for run in line {
                let indices = run.characterIndices.map(\.utf8Offset)
                for (a, b) in zip(indices, indices.dropFirst()) where a == b { found.append(a) }
            }
        }
        return found
    }

    @Test func urlRangesFindURLsAndAddresses() {
        let text = "See https://example.com/a-b?x=1&y=2. Or www.swift.org, mail me@host.test, not e.g. or a.b"
        let found = URLRanges.ranges(in: text).map { range in String(decoding: Array(text.utf8)[range], as: UTF8.self) }
        #expect(found == ["https://example.com/a-b?x=1&y=2", "www.swift.org", "me@host.test"])
        #expect(URLRanges.isURL("(https://x.test") && !URLRanges.isURL("internationalization"))
    }

    @Test func dictionaryHyphenationSkipsURLs() throws {
        let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
        let hyphenated = SoftHyphenation.hyphenated("documentation https://documentation.example/internationalization", with: dictionary)
        #expect(hyphenated.hasSuffix(" https://documentation.example/internationalization"))
        #expect(hyphenated.hasPrefix("doc\u{AD}u"), "\(hyphenated)")
    }

    @Test func codeAndURLsInADocumentAreNeverHyphenated() {
        TestFonts.pin()
        let source = "Call `pandas.Series.rolling.aggregate` or read https://documentation.example.com/internationalization today, comprehensively."
        let layout = TextLayout(MarkdownView(text: source), options: Self.options)
        let text = layout.text
        let bytes = Array(text.utf8)
        let protected = ["pandas.Series.rolling.aggregate", "https://documentation.example.com/internationalization"].map { piece in
            let start = text.utf8.distance(from: text.startIndex, to: text.range(of: piece)!.lowerBound)
            return start..<(start + piece.utf8.count)
        }
        // Soft hyphens only in prose, which still hyphenates.
        for range in protected { #expect(!bytes[range].contains(0xAD), "soft hyphen inside \(range)") }
        #expect(bytes.contains(0xAD), "the prose should still hyphenate: \(layout.map { String($0.text) })")
        // No drawn hyphen inside code or a URL, though both are wider than the line.
        #expect(layout.lineCount > 4)
        for offset in Self.insertedHyphens(layout) {
            #expect(!protected.contains { $0.contains(offset) }, "a hyphen inserted at \(offset): \(layout.map { String($0.text) })")
        }
        #expect(layout.exportedText.contains("pandas.Series.rolling.aggregate"))
        #expect(layout.links.map(\.text) == ["https://documentation.example.com/internationalization"])
    }

    @Test func proseWiderThanTheLineStillGetsItsHyphen() {
        TestFonts.pin()
        // The control: a word that must break between letters is drawn with a hyphen, so the check above can see one.
        let layout = TextLayout(RichText("Zyxwvutsrqponmlkjihgfedcba"), options: Self.options)
        #expect(!Self.insertedHyphens(layout).isEmpty, "\(layout.map { String($0.text) })")
        let code = TextLayout(RichText("Zyxwvutsrqponmlkjihgfedcba", style: Style(font: FontDescriptor(monospaced: true))),
                              options: Self.options)
        #expect(code.lineCount > 1 && Self.insertedHyphens(code).isEmpty)
    }
}
