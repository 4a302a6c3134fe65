import Foundation
import Testing
@testable import TextEffects

/// Where a tall document is cut into pages: between blocks where it can be, between lines of a
/// block taller than a page, never through a line; every line on exactly one page, no page
/// holding more than its height.
@Suite struct PageBreaksTests {
    /// Checks what every pagination must hold: slices follow one another from 0 to the end
    /// (overlapping only where a table row is cut cell by cell), each line lies wholly on
    /// exactly one page (for a row's lines: in the slice and outside its cell's hidden bands),
    /// no page shows part of a line, and no page is taller than `pageHeight`.
    static func checkInvariants(_ breaks: PageBreaks, lines: [Range<Double>], rows: [PageBreaks.Row] = [], documentHeight: Double,
                                margin: Double, pageHeight: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let pages = breaks.pages
        #expect(pages.first?.slice.lowerBound == 0, sourceLocation: sourceLocation)
        #expect(pages.last?.slice.upperBound == documentHeight, sourceLocation: sourceLocation)
        for (page, next) in zip(pages, pages.dropFirst()) {
            #expect(next.slice.lowerBound > page.slice.lowerBound && next.slice.lowerBound <= page.slice.upperBound,
                    "pages go back or leave a gap", sourceLocation: sourceLocation)
            if rows.isEmpty { #expect(page.slice.upperBound == next.slice.lowerBound, "pages overlap", sourceLocation: sourceLocation) }
        }
        for (index, page) in pages.enumerated() {
            #expect(page.top == (index == 0 ? 0 : margin), sourceLocation: sourceLocation)
            let bottom = index == pages.count - 1 ? pageHeight : pageHeight - margin
            #expect(page.top + page.slice.upperBound - page.slice.lowerBound <= bottom + 1e-9,
                    "page \(index + 1) holds \(page.slice) from \(page.top), more than \(bottom)", sourceLocation: sourceLocation)
        }
        // Every line with its row and cell (-1, -1 for lines outside rows).
        var all: [(line: Range<Double>, row: Int, cell: Int)] = lines.map { ($0, -1, -1) }
        for (row, value) in rows.enumerated() {
            for (cell, cellLines) in value.cells.enumerated() {
                all += cellLines.map { ($0, row, cell) }
            }
        }
        for (line, row, cell) in all {
            var holding = 0
            for (index, page) in pages.enumerated() {
                let low: Double = max(line.lowerBound, page.slice.lowerBound)
                let high: Double = min(line.upperBound, page.slice.upperBound)
                guard high > low else { continue }
                var hidden = 0.0
                for band in page.hidden where band.row == row && band.cell == cell {
                    hidden += max(0, min(high, band.band.upperBound) - max(low, band.band.lowerBound))
                }
                let shown: Double = high - low - hidden
                if shown <= 1e-9 { continue }
                // Issues recorded only when they occur: an #expect per line is most of the test's time.
                if abs(shown - (line.upperBound - line.lowerBound)) >= 1e-9 {
                    Issue.record("page \(index + 1) shows \(shown) of line \(line), cut", sourceLocation: sourceLocation)
                }
                holding += 1
            }
            if holding != 1 { Issue.record("line \(line) is on \(holding) pages whole", sourceLocation: sourceLocation) }
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

    @Test("a table row taller than a page is cut cell by cell: each cell between its own lines, the next page taking up each where it stopped")
    func splitsTallRowCellByCell() throws {
        // A heading line, then a row of two cells whose lines are offset by half a line (no
        // height cuts neither), 15 lines each: 300 points, where a page holds 110.
        let heading: [Range<Double>] = [20 ..< 36]
        /// `count` lines 20 points tall from `top`.
        func lines(from top: Double, count: Int) -> [Range<Double>] {
            (0..<count).map { (index: Int) -> Range<Double> in
                let y = top + 20 * Double(index)
                return y ..< y + 20
            }
        }
        let left = lines(from: 40, count: 15), right = lines(from: 50, count: 15)
        let rows = [PageBreaks.Row(cells: [left, right])]
        let breaks = try PageBreaks(lines: heading, rows: rows, blockEdges: [20, 36, 36, 350], documentHeight: 370, margin: 20, pageHeight: 150)
        Self.checkInvariants(breaks, lines: heading, rows: rows, documentHeight: 370, margin: 20, pageHeight: 150)
        #expect(breaks.pages.count == 4, "\(breaks.pages)")
        // Page 1 is filled to its limit (130): the right cell's line 110–130 ends there, the left
        // cell's 120–140 would be cut, so the left cell stops at 120 and page 2 starts there,
        // hiding the right cell's text it repeats (120–130), and so on.
        #expect(breaks.pages[0].slice == 0..<130)
        let firstHidden: [PageBreaks.Hidden] = [PageBreaks.Hidden(row: 0, cell: 0, band: 120..<130)]
        #expect(breaks.pages[0].hidden == firstHidden)
        #expect(breaks.pages[1].slice == 120..<230)
        let secondHidden: [PageBreaks.Hidden] = [PageBreaks.Hidden(row: 0, cell: 0, band: 220..<230), PageBreaks.Hidden(row: 0, cell: 1, band: 120..<130)]
        #expect(breaks.pages[1].hidden == secondHidden)
        // Without rows, the same lines are one block no page can hold.
        #expect(throws: PageBreaks.Problem.self) {
            try PageBreaks(lines: heading + left + right, blockEdges: [20, 36, 36, 350], documentHeight: 370, margin: 20, pageHeight: 150)
        }
        // A row that fits on a page of its own goes whole to the next page, never cut.
        let paragraph: [Range<Double>] = [40 ..< 60, 60 ..< 80, 80 ..< 100]
        let short = [PageBreaks.Row(cells: [lines(from: 104, count: 4), lines(from: 114, count: 4)])]
        let moved = try PageBreaks(lines: heading + paragraph, rows: short, blockEdges: [20, 36, 40, 100, 104, 200],
                                   documentHeight: 220, margin: 20, pageHeight: 150)
        Self.checkInvariants(moved, lines: heading + paragraph, rows: short, documentHeight: 220, margin: 20, pageHeight: 150)
        let starts: [Double] = moved.pages.map { $0.slice.lowerBound }
        #expect(starts == [0, 104] && moved.pages.allSatisfy { $0.hidden.isEmpty }, "\(moved.pages)")
    }

    @Test("random documents with tall table rows: every line on exactly one page, none cut, no page over its height")
    func randomDocumentsWithRows() throws {
        var generator = SplitMix(seed: 8)
        var cutRows = 0
        for _ in 0..<100 {
            var lines: [Range<Double>] = [], rows: [PageBreaks.Row] = [], edges: [Double] = []
            var y = Double(generator.next() % 50)
            let margin = y
            for _ in 0..<(1 + generator.next() % 12) {
                edges.append(y)
                if generator.next() % 2 == 0 {
                    for _ in 0..<(1 + generator.next() % 6) {
                        let height = 8 + Double(generator.next() % 300) / 10
                        lines.append(y ..< y + height)
                        y += height + Double(generator.next() % 3)
                    }
                } else {
                    // A row of 1 to 4 cells, each from its own padding, with lines of its own height.
                    var cells: [[Range<Double>]] = [], bottom = y
                    for _ in 0..<(1 + generator.next() % 4) {
                        var cellY = y + Double(generator.next() % 100) / 10
                        let height = 8 + Double(generator.next() % 300) / 10
                        var cell: [Range<Double>] = []
                        for _ in 0..<(generator.next() % 40) {
                            cell.append(cellY ..< cellY + height)
                            cellY += height
                        }
                        cells.append(cell)
                        bottom = max(bottom, cellY)
                    }
                    rows.append(PageBreaks.Row(cells: cells))
                    y = bottom + 6
                }
                edges.append(y)
                y += Double(generator.next() % 20)
            }
            let end = y + margin
            let pageHeight = 2 * margin + 40 + Double(generator.next() % 400)
            let breaks = try PageBreaks(lines: lines, rows: rows, blockEdges: edges, documentHeight: end, margin: margin, pageHeight: pageHeight,
                                        scale: [1, 2, 1.5][Int(generator.next() % 3)])
            Self.checkInvariants(breaks, lines: lines, rows: rows, documentHeight: end, margin: margin, pageHeight: pageHeight)
            if breaks.pages.contains(where: { !$0.hidden.isEmpty }) { cutRows += 1 }
        }
        // The documents do cut rows cell by cell, not only between them.
        #expect(cutRows > 10, "only \(cutRows) of 100 documents cut a row cell by cell")
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
