import Foundation
import Testing
@testable import TextEffects

/// Where a tall document is cut into pages: between blocks where it can be, between lines of a
/// block taller than a page, never through a line; every line on exactly one page, no page
/// holding more than its height.
@Suite struct PageBreaksTests {
    /// Checks what every pagination must hold: slices follow one another from 0 to the end,
    /// each line lies wholly on one page, and no page is taller than `pageHeight`.
    static func checkInvariants(_ breaks: PageBreaks, lines: [Range<Double>], documentHeight: Double, margin: Double,
                                pageHeight: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let pages = breaks.pages
        #expect(pages.first?.slice.lowerBound == 0, sourceLocation: sourceLocation)
        #expect(pages.last?.slice.upperBound == documentHeight, sourceLocation: sourceLocation)
        for (page, next) in zip(pages, pages.dropFirst()) {
            #expect(page.slice.upperBound == next.slice.lowerBound, "pages overlap or leave a gap", sourceLocation: sourceLocation)
        }
        for (index, page) in pages.enumerated() {
            #expect(page.top == (index == 0 ? 0 : margin), sourceLocation: sourceLocation)
            let bottom = index == pages.count - 1 ? pageHeight : pageHeight - margin
            #expect(page.top + page.slice.upperBound - page.slice.lowerBound <= bottom + 1e-9,
                    "page \(index + 1) holds \(page.slice) from \(page.top), more than \(bottom)", sourceLocation: sourceLocation)
        }
        for line in lines {
            let holding = pages.filter { $0.slice.lowerBound <= line.lowerBound && line.upperBound <= $0.slice.upperBound }
            #expect(holding.count == 1, "line \(line) is on \(holding.count) pages whole", sourceLocation: sourceLocation)
        }
    }

    /// Paragraphs of `lineCounts` lines 20 points tall, 10 points apart, from y 40.
    static func paragraphs(_ lineCounts: [Int]) -> (lines: [Range<Double>], starts: [Double], end: Double) {
        var lines: [Range<Double>] = [], starts: [Double] = [], y = 40.0
        for count in lineCounts {
            starts.append(y)
            for _ in 0..<count {
                lines.append(y ..< y + 20)
                y += 20
            }
            y += 10
        }
        return (lines, starts, y - 10 + 40)
    }

    @Test("a page break falls between paragraphs: a paragraph that does not fit goes whole to the next page")
    func breaksBetweenBlocks() throws {
        let (lines, starts, end) = Self.paragraphs([3, 3, 3])
        // Page 1 holds 150 of the document (190 less the bottom margin): the first paragraph
        // (40–100), not the second (110–170); page 2 holds 110 from 110 on: the second, not the third (180–240).
        let breaks = try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: 40, pageHeight: 190)
        Self.checkInvariants(breaks, lines: lines, documentHeight: end, margin: 40, pageHeight: 190)
        #expect(breaks.pages.map(\.slice.lowerBound) == [0, 110, 180])
        #expect(breaks.pages.dropFirst().allSatisfy { starts.contains($0.slice.lowerBound) }, "a break inside a paragraph")
    }

    @Test("a paragraph taller than a page is cut between its lines, filling each page")
    func splitsTallBlockBetweenLines() throws {
        let (lines, starts, end) = Self.paragraphs([1, 12])
        let breaks = try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: 20, pageHeight: 150)
        Self.checkInvariants(breaks, lines: lines, documentHeight: end, margin: 20, pageHeight: 150)
        #expect(breaks.pages.count > 2)
        // The first page takes the heading and the tall paragraph's first lines, not the heading alone.
        #expect(breaks.pages[0].slice.upperBound > starts[1])
        for page in breaks.pages.dropFirst() { #expect(lines.contains { $0.lowerBound == page.slice.lowerBound }, "\(page) starts between lines") }
    }

    @Test("side-by-side lines (table cells) are never cut, pixel-floored breaks keep off lines, and a short document is one page")
    func sideBySideAndShort() throws {
        // Two cells whose lines are offset by half a line: only the row's top is a break.
        let lines: [Range<Double>] = [10.5 ..< 30.5, 30.5 ..< 50.5, 20.5 ..< 40.5, 40.5 ..< 60.5, 70.5 ..< 90.5]
        let breaks = try PageBreaks(lines: lines, blockEdges: [10.5, 60.5, 70.5, 90.5], documentHeight: 100, margin: 10, pageHeight: 75, scale: 2)
        Self.checkInvariants(breaks, lines: lines, documentHeight: 100, margin: 10, pageHeight: 75)
        #expect(breaks.pages.map(\.slice.lowerBound) == [0, 60.5])
        // Without the row's bottom as an edge, the cut still falls after its last line, not through the row.
        let lineEnds = try PageBreaks(lines: lines, blockEdges: [10.5, 70.5], documentHeight: 100, margin: 10, pageHeight: 75, scale: 2)
        #expect(lineEnds.pages.map(\.slice.lowerBound) == [0, 60.5])
        let one = try PageBreaks(lines: lines, blockEdges: [], documentHeight: 100, margin: 10, pageHeight: 100)
        #expect(one.pages == [PageBreaks.Page(slice: 0..<100, top: 0)])
    }

    @Test("random documents: every line on exactly one page, no page over its height")
    func randomDocuments() throws {
        var generator = SplitMix(seed: 33)
        for _ in 0..<200 {
            var lines: [Range<Double>] = [], starts: [Double] = [], y = Double(generator.next() % 50)
            let margin = y
            for _ in 0..<(1 + generator.next() % 30) {
                starts.append(y)
                for _ in 0..<(1 + generator.next() % 8) {
                    let height = 8 + Double(generator.next() % 300) / 10
                    lines.append(y ..< y + height)
                    y += height + Double(generator.next() % 3)
                }
                y += Double(generator.next() % 20)
            }
            let end = y + margin
            let pageHeight = 2 * margin + 40 + Double(generator.next() % 400)
            let breaks = try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: margin, pageHeight: pageHeight,
                                        scale: [1, 2, 1.5][Int(generator.next() % 3)])
            Self.checkInvariants(breaks, lines: lines, documentHeight: end, margin: margin, pageHeight: pageHeight)
        }
    }

    @Test("a page with no room between its margins, a line taller than a page, or too many pages is a problem")
    func problems() {
        let (lines, starts, end) = Self.paragraphs([40])
        #expect(throws: PageBreaks.Problem.noRoom(margin: 40)) {
            try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: 40, pageHeight: 80)
        }
        #expect(throws: PageBreaks.Problem.lineTooTall(y: 40, height: 20, room: 15)) {
            try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: 40, pageHeight: 95)
        }
        #expect(throws: PageBreaks.Problem.tooManyPages(limit: 3)) {
            try PageBreaks(lines: lines, blockEdges: starts, documentHeight: end, margin: 40, pageHeight: 200, pageLimit: 3)
        }
    }
}

/// A seeded generator (SplitMix64), so the random documents are the same every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
