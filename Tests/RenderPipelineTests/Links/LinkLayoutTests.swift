import CPango
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Link rectangles come from Pango: per line, the union of the logical rectangles of the link's
/// characters, checked here straight against a `PangoLayout`, independently of the layout code.
@Suite struct LinkLayoutTests {
    static let blue = Style(color: .color(Color(parsing: "#0A66D8")!), underline: TextDecoration(pattern: .single))
    static let base = Style(font: FontDescriptor(family: "DejaVu Sans", size: 17))

    static let samples: [(name: String, text: RichText, options: LayoutOptions)] = [
        ("wrapping", RichText(spans: [
            Span("Перед подписанием ознакомьтесь с документом "),
            Span("«Общие условия комплексного обслуживания»", style: blue, link: "https://bank.example/terms"),
            Span(" — он действует с 1 марта. "),
            Span("Тарифы", style: blue, link: "https://bank.example/tariffs"),
            Span("."),
        ], baseStyle: base), LayoutOptions(width: 310)),
        ("same-url-twice", RichText(spans: [
            Span("One", link: "https://a.example"),
            Span("Two", style: Style(bold: true), link: "https://a.example"),
            Span(" and "),
            Span("three", link: "https://a.example"),
        ], baseStyle: base), LayoutOptions(width: 300)),
        ("centered-rtl", RichText(spans: [
            Span("Mixed text with "),
            Span("שלום עולם", link: "https://he.example"),
            Span(" and "),
            Span("a link that runs over the line end", style: Style(italic: true), link: "https://en.example"),
        ], baseStyle: base), LayoutOptions(width: 220, alignment: .center, lineSpacing: 6)),
    ]

    /// Per link span (in span order): line number → union of `pango_layout_index_to_pos` rects.
    static func pangoRects(_ sample: (name: String, text: RichText, options: LayoutOptions)) -> [[Int: CGRect]] {
        var result: [[Int: CGRect]] = []
        PangoLayoutBuilder(text: sample.text, options: sample.options, fonts: .system).withPangoLayout { layout in
            var offset = 0
            for span in sample.text.spans {
                let bytes = Array(span.text.utf8)
                defer { offset += bytes.count }
                guard span.link != nil else { continue }
                var lines: [Int: CGRect] = [:]
                for (i, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
                    var line: Int32 = 0, x: Int32 = 0
                    pango_layout_index_to_line_x(layout, Int32(offset + i), 0, &line, &x)
                    var pos = PangoRectangle()
                    pango_layout_index_to_pos(layout, Int32(offset + i), &pos)
                    let s = Double(PANGO_SCALE)
                    let x0 = min(pos.x, pos.x + pos.width), x1 = max(pos.x, pos.x + pos.width)
                    let rect = CGRect(x: Double(x0) / s, y: Double(pos.y) / s, width: Double(x1 - x0) / s, height: Double(pos.height) / s)
                    if let known = lines[Int(line)] {
                        let minX = min(known.minX, rect.minX), maxX = max(known.maxX, rect.maxX)
                        let minY = min(known.minY, rect.minY), maxY = max(known.maxY, rect.maxY)
                        lines[Int(line)] = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                    } else {
                        lines[Int(line)] = rect
                    }
                }
                result.append(lines)
            }
        }
        return result
    }

    @Test(arguments: samples.map(\.name))
    func rectsAreTheUnionOfPangoCharacterRectsPerLine(name: String) throws {
        TestFonts.pin()
        let sample = Self.samples.first { $0.name == name }!
        let layout = TextLayout(sample.text, options: sample.options)
        let expected = Self.pangoRects(sample)
        try #require(layout.links.count == expected.count, "\(layout.links.map(\.text))")
        for (link, lines) in zip(layout.links, expected) {
            #expect(link.fragments.map(\.lineIndex) == lines.keys.sorted(), "\(link.text)")
            for fragment in link.fragments {
                let want = try #require(lines[fragment.lineIndex])
                for (a, b) in [(fragment.rect.minX, want.minX), (fragment.rect.minY, want.minY),
                               (fragment.rect.width, want.width), (fragment.rect.height, want.height)] {
                    #expect(abs(a - b) < 0.01, "\(link.text) line \(fragment.lineIndex): \(fragment.rect) vs Pango \(want)")
                }
            }
        }
    }

    @Test func aWrappedLinkHasOneFragmentPerLine() {
        TestFonts.pin()
        let sample = Self.samples[0]
        let layout = TextLayout(sample.text, options: sample.options)
        let terms = layout.links[0]
        #expect(terms.text == "«Общие условия комплексного обслуживания»")
        #expect(terms.fragments.count == 2)
        #expect(terms.fragments[0].lineIndex + 1 == terms.fragments[1].lineIndex)
        #expect(layout.links.map(\.occurrence) == [0, 1])
        #expect(layout.links[1].url == "https://bank.example/tariffs")
    }

    @Test func separateSpansWithOneURLAreSeparateLinks() {
        TestFonts.pin()
        let layout = TextLayout(Self.samples[1].text, options: Self.samples[1].options)
        #expect(layout.links.map(\.text) == ["One", "Two", "three"])
        #expect(layout.links.allSatisfy { $0.url == "https://a.example" })
        // Runs know which link they belong to.
        let occurrences = layout.runs.compactMap(\.runStyle.linkOccurrence)
        #expect(Set(occurrences) == [0, 1, 2])
    }

    @Test func textLinkOverStyledPartsIsOneLink() {
        TestFonts.pin()
        let text = Text("Open ") + (Text("your ").bold() + Text("account")).link("https://bank.example/open") + Text(" today")
        let layout = TextLayout(text, options: LayoutOptions(width: 400))
        #expect(layout.links.count == 1)
        #expect(layout.links.first?.text == "your account")
        #expect(layout.links.first?.fragments.count == 1)
    }

    @Test func aTruncationTokensLinkIsReportedAndCutTextLinksAreNot() {
        TestFonts.pin()
        var options = LayoutOptions(width: 200)
        options.lineLimit = 2
        options.truncation = Truncation(token: .spans([Span("… "), Span("more", style: Self.blue, link: "app://expand")]))
        let text = RichText(spans: [
            Span("A long text that goes on and on well past the second line, with "),
            Span("a hidden link", link: "https://hidden.example"),
            Span(" at its end."),
        ], baseStyle: Self.base)
        let layout = TextLayout(text, options: options)
        #expect(layout.isTruncated)
        #expect(layout.links.map(\.url) == ["app://expand"])
        #expect(layout.links[0].text == "more")
        #expect(layout.links[0].fragments.map(\.lineIndex) == [1])
    }

    @Test func middleTruncationKeepsACutLinkOneLink() {
        TestFonts.pin()
        var options = LayoutOptions(width: 180)
        options.lineLimit = 1
        options.truncation = Truncation(mode: .middle)
        let text = RichText(spans: [Span("Read the full general terms of service here", link: "https://terms.example")], baseStyle: Self.base)
        let layout = TextLayout(text, options: options)
        #expect(layout.isTruncated)
        // Both kept ends belong to the one link; the plain "…" token between them is no link.
        #expect(layout.links.count == 1)
        #expect(!layout.links[0].text.contains("…"))
        #expect(layout.links[0].fragments.count == 1)
    }
}
