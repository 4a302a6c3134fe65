import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Links inside a Markdown document's blocks are reported where they were drawn, in reading order.
@Suite struct MarkdownLinksTests {
    typealias Probe = MarkdownLayoutProbe

    @Test func linksInTableCellsLieInsideTheirCells() throws {
        let source = """
        | Site | Docs |
        |---|---|
        | [alpha](https://a.test) | see [beta](https://b.test) |
        | plain | [gamma](https://c.test) |
        """
        let probe = Probe(source, width: 400)
        #expect(probe.layout.links.map(\.url) == ["https://a.test", "https://b.test", "https://c.test"])
        #expect(probe.layout.links.map(\.text) == ["alpha", "beta", "gamma"])
        let cells = ["1,0", "1,1", "2,1"].map { detail in probe.elements.first { $0.detail == detail }!.frame }
        for (link, cell) in zip(probe.layout.links, cells) {
            #expect(link.fragments.count == 1)
            #expect(cell.encloses(link.rects[0]), "\(link.text) at \(link.rects[0]) outside \(cell)")
            // The rectangle is where the link's own glyphs are.
            let run = try #require(probe.run(link.text))
            #expect(near(run.typographicBounds.rect.minX, link.rects[0].minX, 0.05))
            #expect(probe.layout.text(in: link.fragments[0].characterRange) == link.text)
        }
    }

    @Test func linksInListItemsLieRightOfTheirMarkers() throws {
        let source = "1. read [the guide](https://guide.test)\n2. [file a bug](https://bugs.test)\n   - nested [deep](https://deep.test)"
        let probe = Probe(source, width: 400)
        #expect(probe.layout.links.map(\.url) == ["https://guide.test", "https://bugs.test", "https://deep.test"])
        let markers = try ["1.", "2.", "◦"].map { try #require(probe.run($0)) }
        for (link, marker) in zip(probe.layout.links, markers) {
            let rect = link.rects[0]
            #expect(rect.minX > marker.typographicBounds.rect.maxX, "\(link.text) not right of \(marker.text)")
            #expect(link.fragments[0].lineIndex == marker.lineIndex)
            #expect(probe.layout[marker.lineIndex].logicalRect.encloses(rect))
            #expect(probe.layout.text(in: link.fragments[0].characterRange) == link.text)
        }
        // Reading order: each link below or right of the one before.
        let tops = probe.layout.links.map { $0.rects[0].minY }
        #expect(tops == tops.sorted())
    }

    @Test func aLinkWrappingInsideACellHasAFragmentPerLine() throws {
        let source = "| Where |\n|---|\n| [a link whose words wrap inside a narrow cell](https://wrap.test) |"
        let probe = Probe(source, width: 150)
        let link = try #require(probe.layout.links.first)
        #expect(link.fragments.count > 1)
        let cell = try #require(probe.elements.first { $0.detail == "1,0" }).frame
        for fragment in link.fragments { #expect(cell.encloses(fragment.rect)) }
        #expect(link.fragments.map(\.lineIndex) == Array(link.fragments[0].lineIndex..<(link.fragments[0].lineIndex + link.fragments.count)))
    }
}
