import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Pango markup → spans through `pango_parse_markup`.
@Suite struct MarkupTests {
    static func spans(_ markup: String, base: Style = Style()) throws -> [Span] {
        try PangoMarkupParser.spans(from: markup, baseStyle: base)
    }

    @Test func boldItalicAndWeight() throws {
        let spans = try Self.spans("plain <b>bold</b> <i>it</i> <span weight=\"light\">light</span>")
        #expect(spans.map(\.text) == ["plain ", "bold", " ", "it", " ", "light"])
        #expect(spans[1].style.font?.weight == .bold)
        #expect(spans[3].style.italic == true)
        #expect(spans[5].style.font?.weight == .light)
        #expect(spans[0].style == Style())
    }

    @Test func fontFamilySizeAndDescription() throws {
        let spans = try Self.spans(#"<span font_family="DejaVu Serif" size="20480">a</span><span font="Sans Bold Italic 12">b</span><tt>c</tt>"#)
        #expect(spans[0].style.font == FontDescriptor(family: "DejaVu Serif", size: 20))
        #expect(spans[1].style.font == FontDescriptor(family: "Sans", size: 12, weight: .bold))
        #expect(spans[1].style.italic == true)
        #expect(spans[2].style.font?.family == "Monospace")
    }

    @Test func relativeSizesScaleTheBaseSize() throws {
        let big = try Self.spans("<big>big</big>")
        #expect(abs((big[0].style.font?.size ?? 0) - 17 * 1.2) < 0.001)
        let small = try Self.spans("<small>s</small>", base: Style(font: FontDescriptor(size: 20)))
        #expect(abs((small[0].style.font?.size ?? 0) - 20 / 1.2) < 0.01)
    }

    @Test func colorsAndAlpha() throws {
        let spans = try Self.spans(##"<span foreground="#FF0000" background="#00FF0080">x</span><span color="blue" alpha="50%">y</span>"##)
        #expect(spans[0].style.color == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(spans[0].style.backgroundColor?.green == 1)
        #expect(abs((spans[0].style.backgroundColor?.alpha ?? 0) - 128.0 / 255) < 0.01)
        guard case .color(let blue)? = spans[1].style.color else { Issue.record("no color"); return }
        #expect(blue.blue == 1 && abs(blue.alpha - 0.5) < 0.01)
    }

    @Test func decorationsRiseAndSpacing() throws {
        let spans = try Self.spans(#"<u>u</u><span underline="double" underline_color="red">d</span><span underline="error">e</span><s>s</s><span strikethrough="true" strikethrough_color="green">g</span><span rise="5120" letter_spacing="2048">r</span>"#)
        #expect(spans[0].style.underline == TextDecoration())
        #expect(spans[1].style.underline == TextDecoration(pattern: .double, color: Color(red: 1, green: 0, blue: 0)))
        #expect(spans[2].style.underline?.pattern == .wavy)
        #expect(spans[3].style.strikethrough == TextDecoration())
        #expect(spans[4].style.strikethrough?.color?.green ?? 0 > 0.4)
        #expect(spans[5].style.baselineOffset == 5)
        #expect(spans[5].style.kerning == 2)
    }

    @Test func entitiesAndUnderscoresAreText() throws {
        #expect(try RichText(spans: Self.spans("a &lt;b&gt; &amp; snake_case_name")).plainText == "a <b> & snake_case_name")
    }

    @Test func invalidMarkupThrowsPangosMessage() {
        #expect(throws: MarkupError.self) { try Self.spans("<b>bold</i>") }
        do {
            _ = try Self.spans("<blink>x</blink>")
            Issue.record("expected an error")
        } catch let error as MarkupError {
            #expect(error.message.contains("blink"), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func markupLaysOutLikeEquivalentText() throws {
        TestFonts.pin()
        let fromMarkup = try Text(markup: ##"Hello <b>world</b>, <span foreground="#0A64D6">blue</span>"##)
        let built = Text("Hello ") + Text("world").fontWeight(.bold) + Text(", ") + Text("blue").foregroundColor(Color(parsing: "#0A64D6")!)
        let options = LayoutOptions(width: 300)
        #expect(LayoutDump(TextLayout(fromMarkup, options: options)) == LayoutDump(TextLayout(built, options: options)))
    }
}
