import Foundation

/// Where a tall document is cut into pages: between its blocks where it can be, between the
/// lines of a block too tall for a page, never through a line.
///
/// The document is the canvas, rows `0 ..< documentHeight` (points), with the scene's own
/// `margin` above its content and, for an auto height, below it. Page 1 shows the document from
/// its top, margin included; every later page repeats that margin above what it shows. No page
/// shows more than leaves the margin free at its bottom, except the last, which ends with the
/// document (and so with its bottom margin). Pure geometry: no fonts, no drawing.
package struct PageBreaks: Sendable, Equatable {
    /// One page: the document rows it shows (`slice`), drawn from `top` points down the page.
    package struct Page: Sendable, Equatable {
        package var slice: Range<Double>
        package var top: Double
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
    }

    /// Pages of `pageHeight` points for a document `documentHeight` tall whose text lies in
    /// `lines` (each line's top ..< bottom, in any order, side-by-side lines overlapping), which
    /// is cut at `blockEdges` (tops and bottoms of blocks and of Markdown elements: headings,
    /// paragraphs, list items, table rows, code blocks) or, inside a block that does not fit on
    /// a page, between lines (at a line's top or bottom). Break positions are floored to whole pixels at `scale` when that
    /// cuts no line, so every page's content lands on the pixel grid.
    package init(lines: [Range<Double>], blockEdges: [Double], documentHeight: Double, margin: Double, pageHeight: Double,
                 scale: Double = 1, pageLimit: Int = Int.max) throws(Problem) {
        let margin = max(0, margin)
        let room = pageHeight - 2 * margin
        guard room > 0 else { throw .noRoom(margin: margin) }
        // Lines merged where they overlap: a cut is allowed anywhere outside these open spans.
        let spans = Self.merged(lines)
        func cutsNoLine(_ y: Double) -> Bool {
            // The last span starting before y must end at or above it.
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].lowerBound < y { low = middle + 1 } else { high = middle }
            }
            return low == 0 || spans[low - 1].upperBound <= y
        }
        if let tall = lines.first(where: { $0.upperBound - $0.lowerBound > room }) {
            throw .lineTooTall(y: tall.lowerBound, height: tall.upperBound - tall.lowerBound, room: room)
        }
        func onGrid(_ y: Double) -> Double {
            let floored = (y * scale).rounded(.down) / scale
            return cutsNoLine(floored) ? floored : y
        }
        let preferred = Array(Set(blockEdges.filter { $0 > 0 && $0 < documentHeight && cutsNoLine($0) }.map(onGrid))).sorted()
        let fallback = Array(Set((lines.map(\.lowerBound) + spans.map(\.upperBound)).filter { $0 > 0 && $0 < documentHeight && cutsNoLine($0) }.map(onGrid))).sorted()
        /// The largest of `sorted` in `start <.. limit`.
        func last(_ sorted: [Double], after start: Double, upTo limit: Double) -> Double? {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= limit { low = middle + 1 } else { high = middle }
            }
            return low > 0 && sorted[low - 1] > start ? sorted[low - 1] : nil
        }
        var pages: [Page] = []
        var start = 0.0
        while true {
            let top = pages.isEmpty ? 0 : margin
            // The rest fits, its bottom margin and all: the last page.
            if top + documentHeight - start <= pageHeight {
                pages.append(Page(slice: start..<documentHeight, top: top))
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
            // No line starts here (a gap taller than a page, or the end of a line): cut at the limit,
            // which then cuts no line, since no line is taller than the room.
            let end = cut ?? (cutsNoLine(limit) ? limit : (spans.first { $0.contains(limit) }?.lowerBound ?? limit))
            guard end > start else { throw .lineTooTall(y: start, height: limit - start, room: room) }
            pages.append(Page(slice: start..<end, top: top))
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
