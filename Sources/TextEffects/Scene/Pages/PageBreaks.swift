import Foundation

/// Where a tall document is cut into pages: between its blocks where it can be, between the
/// lines of a block too tall for a page, never through a line.
///
/// The document is the canvas, rows `0 ..< documentHeight` (points), with the scene's own
/// `margin` above its content and, for an auto height, below it. Page 1 shows the document from
/// its top, margin included; every later page repeats that margin above what it shows. No page
/// shows more than leaves the margin free at its bottom, except the last, which ends with the
/// document (and so with its bottom margin). Pure geometry: no fonts, no drawing.
///
/// A table row taller than a page is cut too, each cell between its own lines: where the
/// cells' lines do not line up, a cell's line that the page's end would cut goes to the next
/// page with the rest of that cell, while its neighbours fill the page. Such a page's slice
/// then overlaps the next one's by less than a line, and each page lists, per cell, the
/// `hidden` band whose text another page shows.
package struct PageBreaks: Sendable, Equatable {
    /// One page: the document rows it shows (`slice`), drawn from `top` points down the page,
    /// without the text of the cells' `hidden` bands.
    package struct Page: Sendable, Equatable {
        package var slice: Range<Double>
        package var top: Double
        /// Bands of cut table cells whose text is on another page (backgrounds and borders are
        /// drawn on both), in order of row, cell and position.
        package var hidden: [Hidden] = []

        package init(slice: Range<Double>, top: Double, hidden: [Hidden] = []) {
            self.slice = slice
            self.top = top
            self.hidden = hidden
        }
    }

    /// Document rows `band` of cell `cell` of row `row` (indices into the `rows` given), whose
    /// text a page does not draw.
    package struct Hidden: Sendable, Equatable, Comparable {
        package var row: Int
        package var cell: Int
        package var band: Range<Double>

        package static func < (a: Hidden, b: Hidden) -> Bool {
            (a.row, a.cell, a.band.lowerBound) < (b.row, b.cell, b.band.lowerBound)
        }
    }

    /// A table row: side-by-side cells, each its lines (top ..< bottom, document points), which
    /// a page may end at different heights, each between its own lines.
    package struct Row: Sendable, Equatable {
        package var cells: [[Range<Double>]]

        package init(cells: [[Range<Double>]]) { self.cells = cells }

        /// From its highest line's top to its lowest line's bottom.
        var extent: Range<Double> {
            let all = cells.joined()
            guard let low = all.map(\.lowerBound).min(), let high = all.map(\.upperBound).max() else { return 0..<0 }
            return low..<high
        }
    }

    package var pages: [Page]

    /// Why no pagination exists: a page too short for the margins or for one of the lines.
    package enum Problem: Error, Equatable {
        /// The margins above and below leave nothing of the page (`margin` each).
        case noRoom(margin: Double)
        /// The line at `y` (document points), `height` tall, is taller than a page holds (`room`).
        case lineTooTall(y: Double, height: Double, room: Double)
        /// More pages than `limit`.
        case tooManyPages(limit: Int)

        /// What is wrong with pages of `pageHeight` points, to follow the option's name
        /// (`--page-height: …`) in render's and batch's errors.
        package func message(pageHeight: Double) -> String {
            func rounded(_ value: Double) -> String { JSONNode.format((value * 100).rounded() / 100) }
            switch self {
            case .noRoom(let margin):
                return "a page of \(JSONNode.format(pageHeight)) points has no room for content between the scene's margins (\(JSONNode.format(margin)) points above and below, the highest text block's y); give a taller page"
            case .lineTooTall(let y, let height, let room):
                return "the line at y \(rounded(y)) is \(rounded(height)) points tall, and a page of \(JSONNode.format(pageHeight)) holds \(rounded(room)) between its margins; pages never cut a line: give a taller page"
            case .tooManyPages(let limit):
                return "this document needs more than \(limit) pages of \(JSONNode.format(pageHeight)) points, and a render writes at most \(limit); give a taller page"
            }
        }
    }

    /// Pages of `pageHeight` points for a document `documentHeight` tall whose text lies in
    /// `lines` and `rows` (each line's top ..< bottom, in any order, side-by-side lines
    /// overlapping), which is cut at `blockEdges` (tops and bottoms of blocks and of Markdown
    /// elements: headings, paragraphs, list items, table rows, code blocks) or, inside a block
    /// that does not fit on a page, between lines (at a line's top or bottom). Lines in `lines`
    /// that overlap are kept together; a row of `rows` whose lines are taller than a page's room
    /// is cut cell by cell (see ``PageBreaks``). Break positions are floored to whole pixels at
    /// `scale` when that cuts no line, so every page's content lands on the pixel grid.
    package init(lines: [Range<Double>], rows: [Row] = [], blockEdges: [Double], documentHeight: Double, margin: Double,
                 pageHeight: Double, scale: Double = 1, pageLimit: Int = Int.max) throws(Problem) {
        let margin = max(0, margin)
        let room = pageHeight - 2 * margin
        guard room > 0 else { throw .noRoom(margin: margin) }
        let allLines = lines + rows.flatMap { $0.cells.joined() }
        // Lines merged where they overlap: a cut is allowed anywhere outside these open spans.
        let spans = Self.merged(allLines)
        // Only `lines`, merged: what a row cut cell by cell must leave whole.
        let otherSpans = Self.merged(lines)
        /// The index of the first of `sorted` spans starting at or after y.
        func firstStarting(atOrAfter y: Double, in sorted: [Range<Double>]) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lowerBound < y { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func cutsNoLine(_ y: Double) -> Bool {
            // The last span starting before y must end at or above it.
            let low = firstStarting(atOrAfter: y, in: spans)
            return low == 0 || spans[low - 1].upperBound <= y
        }
        if let tall = allLines.first(where: { $0.upperBound - $0.lowerBound > room }) {
            throw .lineTooTall(y: tall.lowerBound, height: tall.upperBound - tall.lowerBound, room: room)
        }
        func floored(_ y: Double) -> Double { (y * scale).rounded(.down) / scale }
        func onGrid(_ y: Double) -> Double {
            cutsNoLine(floored(y)) ? floored(y) : y
        }
        let preferred = Array(Set(blockEdges.filter { $0 > 0 && $0 < documentHeight && cutsNoLine($0) }.map(onGrid))).sorted()
        let fallback = Array(Set((allLines.map(\.lowerBound) + spans.map(\.upperBound)).filter { $0 > 0 && $0 < documentHeight && cutsNoLine($0) }.map(onGrid))).sorted()
        /// The largest of `sorted` in `start <.. limit`.
        func last(_ sorted: [Double], after start: Double, upTo limit: Double) -> Double? {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= limit { low = middle + 1 } else { high = middle }
            }
            return low > 0 && sorted[low - 1] > start ? sorted[low - 1] : nil
        }
        // Rows too tall for a page, by their top: the only ones cut cell by cell.
        let tallRows = rows.indices.filter { rows[$0].extent.upperBound - rows[$0].extent.lowerBound > room }.sorted { rows[$0].extent.lowerBound < rows[$1].extent.lowerBound }
        let rowExtents = rows.map(\.extent)
        /// Where each cell of a cut row continues (its text above is on earlier pages), by row and cell.
        var continued: [Int: [Int: Double]] = [:]
        /// The bands of `continued` cells from `start` to `end`.
        func carried(from start: Double, to end: Double) -> [Hidden] {
            continued.flatMap { row, cells in
                cells.compactMap { cell, y in y > start ? Hidden(row: row, cell: cell, band: start..<min(y, end)) : nil }
            }
        }
        /// The page ending at `limit` inside a row too tall for a page, each of its cells cut
        /// above the line `limit` would cut: the page's end, where the next page starts (the
        /// highest cell cut), and each cell's cut. Nil when no such row holds `limit`, or when
        /// the cut would pass through other text or gain nothing.
        func rowCut(at limit: Double, after start: Double) -> (end: Double, next: Double, cuts: [(row: Int, cell: Int, y: Double)])? {
            let end = floored(limit) > start ? floored(limit) : limit
            let cutRows = tallRows.filter { rowExtents[$0].lowerBound < end && end < rowExtents[$0].upperBound }
            guard !cutRows.isEmpty else { return nil }
            var cuts: [(row: Int, cell: Int, y: Double)] = []
            for row in cutRows {
                for (cell, cellLines) in rows[row].cells.enumerated() {
                    // Above the line the end would cut, and never above where the cell continues from.
                    var y = cellLines.filter { $0.lowerBound < end && end < $0.upperBound }.map { $0.lowerBound }.min() ?? end
                    y = max(y, continued[row]?[cell] ?? y)
                    cuts.append((row, cell, y))
                }
            }
            let highest = cuts.map(\.y).min() ?? end
            // Rows and other text between the next page's start and this one's end would show twice.
            func isFree(_ from: Double) -> Bool {
                let index = firstStarting(atOrAfter: end, in: otherSpans)
                if index > 0, otherSpans[index - 1].upperBound > from { return false }
                return !rows.indices.contains { !cutRows.contains($0) && rowExtents[$0].lowerBound < end && from < rowExtents[$0].upperBound }
            }
            let next = floored(highest) > start && isFree(floored(highest)) ? floored(highest) : highest
            guard next > start, isFree(next) else { return nil }
            return (end, next, cuts)
        }
        var pages: [Page] = []
        var start = 0.0
        while true {
            let top = pages.isEmpty ? 0 : margin
            // The rest fits, its bottom margin and all: the last page.
            if top + documentHeight - start <= pageHeight {
                pages.append(Page(slice: start..<documentHeight, top: top, hidden: carried(from: start, to: documentHeight).sorted()))
                break
            }
            guard pages.count + 1 < pageLimit else { throw .tooManyPages(limit: pageLimit) }
            let limit = start + pageHeight - margin - top
            var cut = last(preferred, after: start, upTo: limit)
            // A block that would not fit on a page of its own anyway fills this one, cut between lines.
            if let block = cut {
                let next = preferred.first { $0 > block } ?? documentHeight
                if next - block > room { cut = nil }
            }
            cut = cut ?? last(fallback, after: start, upTo: limit)
            // A row too tall for a page fills this one, cell by cell, unless a clean cut shows as much.
            if let rowCut = rowCut(at: limit, after: start), cut.map({ $0 < rowCut.next }) ?? true {
                var hidden = carried(from: start, to: rowCut.end)
                for (row, cell, y) in rowCut.cuts {
                    if y < rowCut.end { hidden.append(Hidden(row: row, cell: cell, band: y..<rowCut.end)) }
                    continued[row, default: [:]][cell] = y
                }
                pages.append(Page(slice: start..<rowCut.end, top: top, hidden: hidden.sorted()))
                start = rowCut.next
                continue
            }
            // No line starts here (a gap taller than a page, or the end of a line): cut at the limit,
            // which then cuts no line, since no line is taller than the room.
            let end = cut ?? (cutsNoLine(limit) ? limit : (spans.first { $0.contains(limit) }?.lowerBound ?? limit))
            guard end > start else { throw .lineTooTall(y: start, height: limit - start, room: room) }
            pages.append(Page(slice: start..<end, top: top, hidden: carried(from: start, to: end).sorted()))
            for row in continued.keys {
                continued[row] = continued[row]?.filter { $0.value > end }
                if continued[row]?.isEmpty == true { continued[row] = nil }
            }
            start = end
        }
        self.pages = pages
    }

    /// `ranges` sorted by start, overlapping ones joined (touching ones stay apart: a cut may fall between them).
    private static func merged(_ ranges: [Range<Double>]) -> [Range<Double>] {
        var result: [Range<Double>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let previous = result.last, range.lowerBound < previous.upperBound {
                result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
