import Foundation

extension LayoutStorage {
    /// This layout with line boxes measured as CSS measures them, so a line does not grow
    /// because a character fell back to another font: Pango makes a line as tall as the tallest
    /// font on it, and a line with one Chinese character (Noto Sans CJK, 1.45 em) or emoji would
    /// stand taller than its Latin neighbours (DejaVu Sans, 1.16 em). Here every text run counts
    /// with its style's primary font — the font the same style's Latin letters use in this
    /// layout — and only images and tags with their own boxes; a style that sets no Latin letter
    /// keeps its runs' own metrics. With `lineHeight`, each text run's box is that multiple of its
    /// font size, centred on the primary font's (CSS's half-leading), e.g. GitHub's 1.5.
    ///
    /// Lines keep their order and the gaps between them; runs, link rectangles and sizes move
    /// with their lines. A layout whose lines do not change is returned as it is: a Latin-only
    /// text without `lineHeight` is never touched.
    func withEvenLines(lineHeight: Double?) -> LayoutStorage {
        guard !lines.isEmpty else { return self }
        // A run's box above and below its line's baseline (a raised run's `rise` included).
        func box(of run: RunRecord) -> (ascent: Double, descent: Double) {
            let baseline = Double(lines[run.line].bounds.origin.y), runBaseline = Double(run.bounds.origin.y)
            return (baseline - (runBaseline - Double(run.bounds.ascent)), runBaseline + Double(run.bounds.descent) - baseline)
        }
        // Each style's primary metrics: its first run that shows a Latin letter or digit.
        var primary = [(ascent: Double, descent: Double)?](repeating: nil, count: styles.count)
        let bytes = Array(text.utf8)
        for run in runs where run.style < styles.count && primary[run.style] == nil && styles[run.style].inlineBox == nil {
            let range = run.utf8Range.clamped(to: 0..<bytes.count)
            if bytes[range].contains(where: { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }) {
                primary[run.style] = box(of: run)
            }
        }
        var newLines = lines
        var deltas = [Double](repeating: 0, count: lines.count)
        var previousOldBottom = 0.0, previousNewBottom = 0.0
        for (index, line) in lines.enumerated() {
            var ascent = -Double.infinity, descent = -Double.infinity
            for run in runs[line.runs] {
                let style = run.style < styles.count ? styles[run.style] : nil
                var extent = box(of: run)
                if let style, style.inlineBox == nil {
                    if let known = primary[run.style] { extent = known }
                    if let lineHeight {
                        let height = lineHeight * style.style.size
                        let top = extent.ascent + (height - extent.ascent - extent.descent) / 2
                        extent = (top, height - top)
                    }
                }
                ascent = Swift.max(ascent, extent.ascent)
                descent = Swift.max(descent, extent.descent)
            }
            guard ascent.isFinite, descent.isFinite else {
                // A line without runs (an empty paragraph) keeps its own box, moved with the rest.
                let top = index == 0 ? line.logicalRect.minY : previousNewBottom + (line.logicalRect.minY - previousOldBottom)
                deltas[index] = top - line.logicalRect.minY
                newLines[index].bounds.origin.y += deltas[index]
                newLines[index].logicalRect.origin.y = top
                previousOldBottom = line.logicalRect.maxY
                previousNewBottom = top + line.logicalRect.height
                continue
            }
            let top = index == 0 ? line.logicalRect.minY : previousNewBottom + (line.logicalRect.minY - previousOldBottom)
            let baseline = top + ascent
            deltas[index] = baseline - line.bounds.origin.y
            newLines[index].bounds.origin.y = baseline
            newLines[index].bounds.ascent = ascent
            newLines[index].bounds.descent = descent
            newLines[index].logicalRect = CGRect(x: line.logicalRect.minX, y: top, width: line.logicalRect.width, height: ascent + descent)
            previousOldBottom = line.logicalRect.maxY
            previousNewBottom = top + ascent + descent
        }
        let unchanged = zip(lines, newLines).allSatisfy { abs($0.logicalRect.minY - $1.logicalRect.minY) < 1e-9
            && abs($0.logicalRect.height - $1.logicalRect.height) < 1e-9 && abs($0.bounds.origin.y - $1.bounds.origin.y) < 1e-9 }
        if unchanged { return self }

        var newRuns = runs
        for index in newRuns.indices { newRuns[index].bounds.origin.y += deltas[newRuns[index].line] }
        // A gradient spans every run of its style, as `copyOut` measures it.
        var styleBounds = [CGRect](repeating: .null, count: styles.count)
        for run in newRuns where run.style < styles.count { styleBounds[run.style] = styleBounds[run.style].union(run.bounds.rect) }
        for index in newRuns.indices where newRuns[index].style < styles.count { newRuns[index].paintBounds = styleBounds[newRuns[index].style] }
        let newLinks = links.map { link in
            var moved = link
            moved.fragments = link.fragments.map { fragment in
                var fragment = fragment
                if fragment.lineIndex < deltas.count { fragment.rect = fragment.rect.offsetBy(dx: 0, dy: deltas[fragment.lineIndex]) }
                return fragment
            }
            return moved
        }
        let growth = newLines[newLines.count - 1].logicalRect.maxY - lines[lines.count - 1].logicalRect.maxY
        var newTextSize = textSize
        newTextSize.height += growth
        var newSize = size
        if abs(size.height - textSize.height) < 1e-9 { newSize.height = newTextSize.height }
        var newUntruncated = untruncatedSize
        if abs(untruncatedSize.height - textSize.height) < 1e-9 { newUntruncated.height = newTextSize.height }
        var newInk = inkRect
        if !inkRect.isNull {
            let top = inkRect.minY + deltas[0], bottom = inkRect.maxY + deltas[deltas.count - 1]
            newInk = CGRect(x: inkRect.minX, y: top, width: inkRect.width, height: Swift.max(0, bottom - top))
        }
        return LayoutStorage(text: text, lines: newLines, runs: newRuns, glyphs: glyphs, fonts: fonts, styles: styles, size: newSize,
                             textSize: newTextSize, inkRect: newInk, isTruncated: isTruncated, untruncatedSize: newUntruncated,
                             untruncatedLineCount: untruncatedLineCount, graphemeCount: graphemeCount, wordCount: wordCount,
                             links: newLinks, elements: elements, decorations: decorations, lineElements: lineElements,
                             visualLineCount: visualLineCount, fit: fit)
    }
}
