import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Raw HTML laid out as GitHub shows it: headings sized as headings, centred blocks centred,
/// links in the link report, key caps styled, images that cannot be shown as their alt text.
@Suite struct MarkdownHTMLLayoutTests {
    typealias Probe = MarkdownLayoutProbe

    static let readme = MarkdownHTMLResolverTests.readme

    @Test func aREADMEShowsNoTagSource() {
        let probe = Probe(Self.readme, width: 480)
        let text = probe.layout.exportedText
        for tag in ["<div", "<img", "<h1", "</", "<!--", "<br", "<kbd", "<sup", "<details", "<summary", "badges"] {
            #expect(!text.contains(tag), "\(tag) in \(text)")
        }
        #expect(text.contains("Title") && text.contains("Install") && text.contains("Advanced"))
    }

    @Test func anHTMLHeadingIsAHeading() {
        let html = Probe("<h1>Title</h1>\n\nBody")
        let markdown = Probe("# Title\n\nBody")
        let size = try? #require(html.run("Title")?.font.size)
        #expect(size != nil && size == markdown.run("Title")?.font.size)
        #expect(size! > html.run("Body")!.font.size)
        #expect(html.elementIndices(.h1).count == 1)
    }

    @Test func alignedBlocksAreAligned() {
        let probe = Probe("<div align=\"center\">\n\n# Title\n\n</div>\n\n<p align=\"right\">End</p>\n\nLeft", width: 400)
        let title = probe.line(containing: "Title")!.typographicBounds
        #expect(near(title.origin.x + title.width / 2, 200, 1), "centred: \(title)")
        let end = probe.line(containing: "End")!.typographicBounds
        #expect(near(end.origin.x + end.width, 400, 1), "right: \(end)")
        #expect(near(probe.line(containing: "Left")!.typographicBounds.origin.x, 0, 0.5))
    }

    @Test func htmlLinksAreInTheLinkReport() {
        let probe = Probe("See <a href=\"https://x.test/docs\">the <b>docs</b></a> and [md](https://x.test/md).")
        #expect(probe.layout.links.map(\.url) == ["https://x.test/docs", "https://x.test/md"])
        #expect(probe.layout.links.first?.text == "the docs")
    }

    @Test func keyCapsAndHighlightsAreStyled() {
        let probe = Probe("Press <kbd>Ctrl</kbd> and <mark>look</mark> <ins>here</ins>")
        let key = probe.run("Ctrl")!
        #expect(key.font.family != probe.run(containing: "Press")!.font.family, "a key cap is monospaced")
        #expect(key.style.backgroundColor == MarkdownStyle.light[.keyboard].text.backgroundColor)
        #expect(probe.run("look")?.style.backgroundColor == MarkdownStyle.light[.highlight].text.backgroundColor)
        #expect(probe.run("here")?.style.underline != nil)
    }

    @Test func superscriptsAreRaisedAndSmaller() {
        let probe = Probe("x<sup>2</sup> H<sub>2</sub>O")
        let body = probe.run(containing: "x")!
        let sup = probe.runs("2").first!, sub = probe.runs("2").last!
        #expect(sup.font.size < body.font.size)
        #expect(sup.style.baselineOffset > 0 && sub.style.baselineOffset < 0)
    }

    @Test func missingImagesShowTheirAltText() {
        let probe = Probe("<img src=\"missing.png\" alt=\"Logo\">\n\n![Chart](gone.png) and ![](https://x.test/a.png)")
        let text = probe.layout.exportedText
        #expect(text.contains("[Logo]") && text.contains("[Chart]") && text.contains("[a.png]"), "\(text)")
        #expect(probe.run("[Logo]")?.style.paint == MarkdownStyle.light[.missingImage].text.color!)
    }

    @Test func detailsShowTheirSummaryOrOpen() {
        let source = "<details>\n<summary>More</summary>\n\nHidden text\n\n</details>\n\n<details open><summary>Shown</summary>Body</details>"
        let auto = Probe(source).layout.exportedText
        #expect(auto.contains("More") && !auto.contains("Hidden") && auto.contains("Body"), "\(auto)")
        var open = MarkdownStyle.light
        open.showsDetailsOpen = true
        #expect(Probe(source, style: open).layout.exportedText.contains("Hidden"))
        var closed = MarkdownStyle.light
        closed.showsDetailsOpen = false
        #expect(!Probe(source, style: closed).layout.exportedText.contains("Body"))
    }

    @Test func sizedImagesTakeTheirWidth() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes/assets/logo.svg")
        let image = try Image(contentsOfFile: url.path)
        let probe = Probe("<p align=\"center\"><img src=\"logo.svg\" alt=\"Logo\" width=\"64\"></p>", width: 300, images: ["logo.svg": image])
        let element = try #require(probe.elementIndices(.image).first)
        let line = try #require(probe.lines(ofElement: element).first)
        #expect(near(line.typographicBounds.width, 64, 0.5), "\(line.typographicBounds)")
        #expect(near(line.typographicBounds.origin.x, (300 - 64) / 2, 0.5))
    }

    @Test func aTableWiderThanTheFrameFitsItAndKeepsEveryWord() {
        let words = ["Internationalization", "pandas.Series.rolling.aggregate", "https://example.com/a/very/long/path",
                     "Characteristically", "Incomprehensibilities"]
        let source = "<table><tr>" + words.map { "<th>\($0)</th>" }.joined() + "</tr><tr>" + words.map { "<td>\($0)</td>" }.joined()
            + "</tr></table>"
        let probe = Probe(source, width: 300)
        let table = probe.elements[probe.elementIndices(.table)[0]]
        #expect(table.frame.width <= 300.01, "\(table.frame)")
        for line in probe.layout { #expect(line.typographicBounds.origin.x + line.typographicBounds.width <= 300.5) }
        let text = probe.layout.exportedText.replacingOccurrences(of: "\n", with: "")
        for word in words { #expect(text.contains(word), "\(word) in \(text)") }
    }

    @Test func hostileHTMLLaysOutItsText() {
        let deep = String(repeating: "<div><b>", count: 50_000) + "deep" + String(repeating: "</b></div>", count: 10)
        let unclosed = "Start <b>bold <i>both <a href=\"https://x.test\">link"
        let flood = String(repeating: "&amp;", count: 100_000) + "<span>end</span>"
        for source in [deep, unclosed, flood] {
            let probe = Probe(source, width: 300)
            #expect(probe.layout.lineCount >= 1)
            #expect(!probe.layout.exportedText.contains("<"), "tags left in \(probe.layout.exportedText.prefix(80))")
        }
        #expect(Probe(deep, width: 300).layout.exportedText.contains("deep"))
        #expect(Probe(unclosed, width: 300).layout.links.map(\.url) == ["https://x.test"])
        #expect(Probe(flood, width: 300).layout.exportedText.hasSuffix("&end"))
    }
}
