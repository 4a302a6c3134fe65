import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A line limit or frame height cuts a Markdown document across its elements: the last
/// visible line ends its element with the truncation token, nothing below it is laid out.
@Suite struct MarkdownTruncationTests {
    typealias Probe = MarkdownLayoutProbe

    static let paragraph = "A paragraph long enough to wrap over several lines at this width, with more words after that."

    @Test func lineLimitCutsInsideAParagraphAfterAHeading() throws {
        let source = "# Title\n\n\(Self.paragraph)\n\nNever shown."
        let full = Probe(source, width: 200)
        let probe = Probe(source, width: 200) { $0.lineLimit = 3 }
        #expect(probe.layout.isTruncated && !full.layout.isTruncated)
        #expect(probe.layout.count == 3)
        #expect(probe.layout[0].text == "Title")
        // The first paragraph line is kept as it was; the third line is cut and ends with the token.
        #expect(probe.layout[1].text == full.layout[1].text)
        #expect(probe.layout[2].text.hasSuffix("…"))
        #expect(probe.documentElements(of: 2) == [.body])
        #expect(!probe.layout.text.contains("Never"))
        #expect(probe.layout.untruncatedLineCount == full.layout.count)
        #expect(probe.layout.untruncatedSize.height > probe.layout.textSize.height)
        #expect(near(probe.layout.untruncatedSize.height, full.layout.textSize.height))
        #expect(near(probe.layout.textSize.height, probe.layout[2].logicalRect.maxY))
        // Lines above the cut do not move.
        for index in 0..<3 { #expect(probe.layout[index].origin.y == full.layout[index].origin.y) }
    }

    @Test func aCutAtAnElementsEndPutsTheTokenOnItsLastLine() throws {
        let probe = Probe("First paragraph.\n\nSecond paragraph.") { $0.lineLimit = 1 }
        #expect(probe.layout.isTruncated)
        #expect(probe.layout.count == 1)
        #expect(probe.layout[0].text == "First paragraph.…")
        #expect(probe.layout.untruncatedLineCount == 2)
    }

    @Test func aCutInsideAListItemKeepsItsMarker() throws {
        let source = "- one\n- two is a long item whose words wrap across lines at this width\n- three"
        let probe = Probe(source, width: 200) { $0.lineLimit = 2 }
        #expect(probe.layout.count == 2)
        #expect(probe.layout[1].first?.text == "•")
        #expect(probe.layout[1].text.hasPrefix("• two") && probe.layout[1].text.hasSuffix("…"))
        #expect(probe.documentElements(of: 1) == [.body, .listItem])
        #expect(!probe.layout.text.contains("three"))
        // The cut item's text still hangs at the item's text column.
        #expect(near(probe.layout[1].typographicBounds.origin.x, probe.layout[0].typographicBounds.origin.x))
    }

    @Test func aCutInsideACodeBlockEndsItsBoxAtTheCut() throws {
        let probe = Probe("Intro\n\n```\nline 1\nline 2\nline 3\nline 4\n```\n\nAfter") { $0.lineLimit = 3 }
        #expect(probe.layout.count == 3)
        #expect(probe.layout[1].text == "line 1")
        #expect(probe.layout[2].text.hasPrefix("line 2") && probe.layout[2].text.hasSuffix("…"))
        let code = try #require(probe.elementIndices(.codeBlock).first)
        let box = try #require(probe.fills(ofElement: code, color: MarkdownStyle.light[.codeBlock].background).first)
        for line in probe.lines(ofElement: code) { #expect(box.encloses(line.logicalRect)) }
        #expect(near(box.maxY, probe.layout.textSize.height), "the box closes under the last visible line")
        #expect(box.maxY - probe.layout[2].logicalRect.maxY < 20)
    }

    @Test func aCutInsideATableRowPutsTheTokenOnItsLastCell() throws {
        // The header is the column's widest cell, so "second row…" fits its cell whole.
        let source = "| Name | Notes and remarks |\n|---|---|\n| a | first row |\n| b | second row |\n| c | third row |"
        let probe = Probe(source) { $0.lineLimit = 3 }
        let rows = probe.layout.exportedText.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0] == "Name\tNotes and remarks" && rows[1] == "a\tfirst row")
        #expect(rows[2] == "b\tsecond row…", "the row that reaches the limit ends with the token on its last cell")
        #expect(!probe.layout.text.contains("third"))
        #expect(probe.layout.storage.visualLineCount == 3)
        let cell = try #require(probe.elements.firstIndex { $0.detail == "2,1" })
        #expect(probe.elements[cell].frame.encloses(probe.lines(ofElement: cell)[0].typographicBounds.rect))

        // When the cut cell is its column's widest, the token takes the room of its last characters.
        let widest = Probe("| N | Notes |\n|---|---|\n| b | second row |\n| c | third |") { $0.lineLimit = 2 }
        let widestCell = try #require(widest.elements.firstIndex { $0.detail == "1,1" })
        let cutLine = widest.lines(ofElement: widestCell)[0]
        #expect(cutLine.text.hasPrefix("second") && cutLine.text.hasSuffix("…") && cutLine.text != "second row…")
        #expect(widest.elements[widestCell].frame.encloses(cutLine.typographicBounds.rect))

        // A tall row cut part-way: cells keep the lines left, the token goes on the cell that reaches the cut.
        let tall = "| Key | Value |\n|---|---|\n| k | a value long enough that it must wrap over several lines in its cell |"
        let full = Probe(tall, width: 200)
        let cut = Probe(tall, width: 200) { $0.lineLimit = 2 }
        #expect(full.layout.storage.visualLineCount > 2)
        #expect(cut.layout.storage.visualLineCount == 2)
        let lines = cut.lines(ofElement: try #require(cut.elements.firstIndex { $0.detail == "1,1" }))
        #expect(lines.count == 1 && lines[0].text.hasSuffix("…"))
        #expect(cut.lines(ofElement: try #require(cut.elements.firstIndex { $0.detail == "1,0" })).map(\.text) == ["k"])
    }

    @Test func aTokenWithALinkIsReportedAsALink() throws {
        let token = Truncation(token: .spans([Span("… "), Span("more", style: Style(bold: true), link: "app://expand")]))
        let probe = Probe("# Title\n\n\(Self.paragraph)", width: 200) { $0.lineLimit = 2; $0.truncation = token }
        #expect(probe.layout.count == 2)
        #expect(probe.layout[1].text.hasSuffix("… more"))
        let link = try #require(probe.layout.links.first { $0.url == "app://expand" })
        #expect(link.text == "more")
        #expect(link.fragments.map(\.lineIndex) == [1])
        #expect(probe.layout[1].logicalRect.encloses(link.rects[0]))
        #expect(probe.layout.runs.last?.link == "app://expand")
    }

    @Test func measurementReportsCollapsedAndExpandedHeights() {
        let source = "## Heading\n\n\(Self.paragraph)\n\n- one\n- two"
        let collapsed = TextMeasurement(Probe(source, width: 220) { $0.lineLimit = 2 }.layout)
        let expanded = TextMeasurement(Probe(source, width: 220).layout)
        #expect(collapsed.isTruncated && !expanded.isTruncated)
        #expect(collapsed.lineCount == 2)
        #expect(collapsed.fullLineCount == expanded.lineCount && expanded.lineCount > 4)
        #expect(collapsed.fullHeight == expanded.height)
        #expect(collapsed.height < expanded.height)
        #expect(collapsed.text.hasPrefix("Heading\n") && collapsed.text.hasSuffix("…"))
        #expect(expanded.text.hasSuffix("• one\n• two"))
    }

    @Test func aFrameHeightKeepsTheLinesThatFit() throws {
        let source = "# Title\n\n\(Self.paragraph)\n\n\(Self.paragraph)"
        let full = Probe(source, width: 200)
        // Room for the heading and a little more than two paragraph lines.
        let height = full.layout[2].logicalRect.maxY + 5
        let probe = Probe(source, width: 200) { $0.height = height }
        #expect(probe.layout.isTruncated)
        #expect(probe.layout.count == 3)
        #expect(probe.layout.allSatisfy { $0.logicalRect.maxY <= height })
        #expect(probe.layout[2].text.hasSuffix("…"))
        #expect(probe.layout.size.height == height)
        #expect(probe.layout.untruncatedSize.height > height)
        // A frame that fits everything cuts nothing.
        let roomy = Probe(source, width: 200) { $0.height = full.layout.textSize.height + 1 }
        #expect(!roomy.layout.isTruncated && roomy.layout.count == full.layout.count)
    }
}

extension MarkdownLayoutProbe {
    /// The kinds of the elements line `index` belongs to, innermost first.
    func documentElements(of index: Int) -> [MarkdownElement] {
        layout.documentElements(containing: layout[index]).map(\.kind)
    }
}
