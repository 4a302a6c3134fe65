import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Markdown → spans, one construct at a time, through Debian's libcmark-gfm.
@Suite struct MarkdownTests {
    static func spans(_ markdown: String) -> [Span] { MarkdownConverter().spans(for: markdown) }
    static func text(_ markdown: String) -> String { RichText(spans: spans(markdown)).plainText }
    static let code = MarkdownConverter().codeBackground

    @Test func boldItalicAndNesting() {
        #expect(Self.spans("**bold**") == [Span("bold", style: Style(bold: true))])
        #expect(Self.spans("*it*") == [Span("it", style: Style(italic: true))])
        #expect(Self.spans("_it_") == [Span("it", style: Style(italic: true))])
        let nested = Self.spans("**bold *both***")
        #expect(nested.map(\.text) == ["bold ", "both"])
        #expect(nested[1].style.bold == true && nested[1].style.italic == true)
    }

    @Test func strikethroughWithOneOrTwoTildes() {
        for source in ["~~gone~~", "~gone~"] {
            let spans = Self.spans(source)
            #expect(spans.map(\.text) == ["gone"], "\(source)")
            #expect(spans.first?.style.strikethrough == TextDecoration(), "\(source)")
        }
    }

    @Test func inlineCodeIsMonospacedOnABackground() {
        let spans = Self.spans("run `make test` now")
        #expect(spans.map(\.text) == ["run ", "make test", " now"])
        #expect(spans[1].style.font?.monospaced == true)
        #expect(spans[1].style.backgroundColor == Self.code)
        #expect(spans[0].style == Style())
    }

    /// A link whose text mixes styles is still one link in the layout (and so in the report).
    @Test func aLinkWithSeveralStylesIsOneLink() {
        TestFonts.pin()
        let rich = RichText(spans: MarkdownConverter().spans(for: "See [the **new** terms](https://x.test/t) and [more](https://x.test/m)."))
        let layout = TextLayout(rich, options: LayoutOptions(width: 400))
        #expect(layout.links.map(\.text) == ["the new terms", "more"])
        #expect(layout.links.map(\.url) == ["https://x.test/t", "https://x.test/m"])
    }

    @Test func linksBecomeSpanLinks() {
        let spans = Self.spans("Read [the **terms**](https://bank.test/terms).")
        #expect(spans.map(\.text) == ["Read ", "the ", "terms", "."])
        #expect(spans.map(\.link) == [nil, "https://bank.test/terms", "https://bank.test/terms", nil])
        #expect(spans[2].style.bold == true)
    }

    @Test func bareURLsAreAutolinked() {
        let spans = Self.spans("Docs at https://example.com/docs and <mailto:a@b.test>.")
        #expect(spans.contains { $0.text == "https://example.com/docs" && $0.link == "https://example.com/docs" })
        #expect(spans.contains { $0.link == "mailto:a@b.test" })
    }

    @Test func paragraphsAndBreaks() {
        #expect(Self.text("one\n\ntwo") == "one\ntwo")
        #expect(Self.text("soft\nbreak") == "soft break")
        #expect(Self.text("hard  \nbreak") == "hard\nbreak")
        #expect(Self.text("hard\\\nbreak") == "hard\nbreak")
    }

    @Test func blockConstructsKeepTheirText() {
        #expect(Self.text("# Title\nBody") == "Title\nBody")
        #expect(Self.spans("## Sub").first?.style.bold == true)
        #expect(Self.text("- one\n- two") == "• one\n• two")
        #expect(Self.text("3. three\n4. four") == "3. three\n4. four")
        #expect(Self.text("- outer\n  - inner") == "• outer\n   • inner")
        #expect(Self.text("> quoted\n> words") == "│ quoted words")
        #expect(Self.text("---") == "———")
        let block = Self.spans("```swift\nlet a = 1\nlet b = 2\n```")
        #expect(RichText(spans: block).plainText == "let a = 1\nlet b = 2")
        #expect(block.first?.style.font?.monospaced == true)
    }

    @Test func nothingWrittenIsDropped() {
        let source = "| a | b |\n|---|---|\n| 1 | 2 |\n\n<div>raw</div>\n\n![alt text](pic.png) end"
        let text = Self.text(source)
        // Raw HTML shows as GitHub shows it: its text, without the tags.
        #expect(!text.contains("<div>"))
        for word in ["a", "b", "1", "2", "raw", "alt text", "end"] {
            #expect(text.contains(word), "\(word) missing from \(text)")
        }
    }

    @Test func parserCopiesTheTreeIntoValues() {
        let document = MarkdownParser.parse("Hi *there*")
        #expect(document == .document([.paragraph([.text("Hi "), .emphasis([.text("there")])])]))
    }

    @Test func markdownLaysOutLikeEquivalentText() {
        TestFonts.pin()
        let fromMarkdown = Text(markdown: "Tap **Pay** or [cancel](app://cancel)")
        let link = MarkdownConverter().linkColor
        let built = Text("Tap ") + Text("Pay").bold() + Text(" or ") + Text("cancel").foregroundColor(link).link("app://cancel")
        let options = LayoutOptions(width: 300)
        #expect(LayoutDump(TextLayout(fromMarkdown, options: options)) == LayoutDump(TextLayout(built, options: options)))
    }
}
