import Foundation

/// Joins a document's placed pieces into one layout, so renderers, selectors, truncation,
/// links and measurement see one text whose lines come in reading order.
///
/// Every piece's lines, runs and glyphs move by the piece's origin; character offsets, fonts,
/// styles, link occurrences, grapheme and word numbers continue where the previous piece ended.
struct DocumentAssembler {
    private(set) var text = ""
    private var lines: [LayoutStorage.LineRecord] = []
    private var runs: [LayoutStorage.RunRecord] = []
    private var glyphs: [LayoutStorage.GlyphRecord] = []
    private var fonts: [Font.Resolved] = []
    private var styles: [RunStyle] = []
    private var links: [TextLink] = []
    private var lineElements: [Int] = []
    private var graphemes = 0
    private var words = 0
    private var ink = CGRect.null

    /// Where one source layout's records land in the document.
    private struct Placement {
        var origin: CGPoint
        var textOffset: Int
        var fontBase: Int
        var styleBase: Int
        var graphemeBase: Int
        var wordBase: Int
    }

    /// Makes room for `pieces` at once, so the document's arrays grow once instead of by
    /// doubling (each doubling copies every glyph so far and briefly holds both copies).
    mutating func reserveCapacity(for pieces: [DocumentPiece]) {
        var textBytes = 0, lineCount = 0, runCount = 0, glyphCount = 0, fontCount = 0, styleCount = 0
        func add(_ storage: LayoutStorage) {
            textBytes += storage.text.utf8.count
            lineCount += storage.lines.count
            runCount += storage.runs.count
            glyphCount += storage.glyphs.count
            fontCount += storage.fonts.count
            styleCount += storage.styles.count
        }
        for piece in pieces {
            textBytes += piece.separator.utf8.count + 1
            add(piece.storage)
            if let marker = piece.marker { add(marker.storage) }
        }
        text.reserveCapacity(textBytes)
        lines.reserveCapacity(lineCount)
        lineElements.reserveCapacity(lineCount)
        runs.reserveCapacity(runCount)
        glyphs.reserveCapacity(glyphCount)
        fonts.reserveCapacity(fontCount)
        styles.reserveCapacity(styleCount)
    }

    /// Makes room for about `glyphs` glyphs, when the pieces are not known beforehand.
    mutating func reserveCapacity(glyphs count: Int) {
        glyphs.reserveCapacity(count)
    }

    mutating func append(_ piece: DocumentPiece) {
        // The first piece keeps its separator's line prefix ("> " in a quote), not its line break.
        text += lines.isEmpty ? String(piece.separator.drop { $0 == "\n" }) : piece.separator
        var markerPlacement: (LayoutStorage, Placement)?
        var lineStart: Int?
        if let marker = piece.marker {
            lineStart = text.utf8.count
            markerPlacement = (marker.storage, place(marker.storage, at: marker.origin))
            text += " "
        }
        let storage = piece.storage
        let placement = place(storage, at: piece.origin)
        let linkBase = links.count
        let lineBase = lines.count
        for (index, line) in storage.lines.enumerated() {
            let runStart = runs.count
            if index == 0, let (markerStorage, markerPlace) = markerPlacement, let markerLine = markerStorage.lines.first {
                for run in markerLine.runs { appendRun(markerStorage, run, placement: markerPlace, linkBase: 0, clipRight: nil) }
            }
            for run in line.runs { appendRun(storage, run, placement: placement, linkBase: linkBase, clipRight: piece.clipRight) }
            var record = line
            record.bounds.origin = record.bounds.origin.offsetBy(placement.origin)
            if let clip = piece.clipRight { record.bounds.width = Swift.min(record.bounds.width, Swift.max(0, clip - line.bounds.origin.x)) }
            record.logicalRect = line.logicalRect.offsetBy(dx: placement.origin.x, dy: placement.origin.y)
            if let clip = piece.clipRight {
                record.logicalRect.size.width = Swift.min(record.logicalRect.width, Swift.max(0, clip - line.logicalRect.minX))
            }
            record.runs = runStart..<runs.count
            let lower = index == 0 ? (lineStart ?? line.utf8Range.lowerBound + placement.textOffset) : line.utf8Range.lowerBound + placement.textOffset
            record.utf8Range = lower..<(line.utf8Range.upperBound + placement.textOffset)
            lines.append(record)
            lineElements.append(piece.lineElements?[index] ?? piece.element)
        }
        for link in storage.links {
            links.append(TextLink(
                occurrence: link.occurrence + linkBase, url: link.url, text: link.text,
                fragments: link.fragments.map { fragment in
                    LinkFragment(lineIndex: fragment.lineIndex + lineBase,
                                 rect: fragment.rect.offsetBy(dx: placement.origin.x, dy: placement.origin.y),
                                 characterRange: (fragment.characterRange.lowerBound + placement.textOffset)..<(fragment.characterRange.upperBound + placement.textOffset))
                }))
        }
        let visibleInk = piece.clipRight.map { clip in
            storage.inkRect.intersection(CGRect(x: -1e6, y: -1e6, width: 1e6 + clip, height: 2e6))
        } ?? storage.inkRect
        if !visibleInk.isNull { ink = ink.union(visibleInk.offsetBy(dx: piece.origin.x, dy: piece.origin.y)) }
    }

    /// Adds a source layout's text, fonts, styles and unit counts, and says where its records go.
    private mutating func place(_ storage: LayoutStorage, at origin: CGPoint) -> Placement {
        let placement = Placement(origin: origin, textOffset: text.utf8.count, fontBase: fonts.count, styleBase: styles.count,
                                  graphemeBase: graphemes, wordBase: words)
        text += storage.text
        fonts += storage.fonts
        let linkBase = links.count
        styles += storage.styles.map { style in
            var moved = style
            moved.linkOccurrence = style.linkOccurrence.map { $0 + linkBase }
            return moved
        }
        graphemes += storage.graphemeCount
        words += storage.wordCount
        return placement
    }

    private mutating func appendRun(_ storage: LayoutStorage, _ index: Int, placement: Placement, linkBase: Int, clipRight: Double?) {
        let source = storage.runs[index]
        let runIndex = runs.count
        let firstGlyph = glyphs.count
        var width = 0.0
        let dx = placement.origin.x, textOffset = placement.textOffset
        let graphemeBase = placement.graphemeBase, wordBase = placement.wordBase
        func moved(_ glyph: LayoutStorage.GlyphRecord) -> LayoutStorage.GlyphRecord {
            var moved = glyph
            moved.run = runIndex
            moved.x += dx
            moved.utf8Range = (glyph.utf8Range.lowerBound + textOffset)..<(glyph.utf8Range.upperBound + textOffset)
            moved.graphemes = (glyph.graphemes.lowerBound + graphemeBase)..<(glyph.graphemes.upperBound + graphemeBase)
            moved.word += wordBase
            return moved
        }
        if let clipRight {
            for glyph in storage.glyphs[source.glyphs] where !(glyph.x + glyph.advance > clipRight + 0.001) {
                glyphs.append(moved(glyph))
                width += glyph.advance
            }
        } else {
            // Copied whole (the records hold no references), then moved in place.
            glyphs.append(contentsOf: storage.glyphs[source.glyphs])
            glyphs.withUnsafeMutableBufferPointer { buffer in
                for index in firstGlyph..<buffer.count { buffer[index] = moved(buffer[index]) }
            }
        }
        guard glyphs.count > firstGlyph || source.glyphs.isEmpty else { return }
        var run = source
        run.line = lines.count
        run.bounds.origin = source.bounds.origin.offsetBy(placement.origin)
        if clipRight != nil { run.bounds.width = width }
        run.glyphs = firstGlyph..<glyphs.count
        run.utf8Range = (source.utf8Range.lowerBound + placement.textOffset)..<(source.utf8Range.upperBound + placement.textOffset)
        run.font += placement.fontBase
        run.style += placement.styleBase
        if !source.paintBounds.isNull {
            run.paintBounds = source.paintBounds.offsetBy(dx: placement.origin.x, dy: placement.origin.y)
        }
        runs.append(run)
    }

    /// The document as one layout storage.
    func finish(elements: [TextLayout.DocumentElement], decorations: [TextLayout.Decoration], size: CGSize, textSize: CGSize,
                isTruncated: Bool, untruncatedSize: CGSize, untruncatedLineCount: Int, visualLineCount: Int,
                fallbackStyle: RunStyle, fit: TextFit? = nil) -> LayoutStorage {
        var elements = elements
        // Each element's lines: its own and its descendants', which are consecutive in reading order.
        var ranges = [Range<Int>?](repeating: nil, count: elements.count)
        for (line, element) in lineElements.enumerated() {
            var current: Int? = element
            while let index = current, index >= 0, index < elements.count {
                ranges[index] = ranges[index].map { Swift.min($0.lowerBound, line)..<Swift.max($0.upperBound, line + 1) } ?? line..<(line + 1)
                current = elements[index].parent
            }
        }
        for index in elements.indices { elements[index].lines = ranges[index] ?? lines.count..<lines.count }
        let decorationRect = decorations.reduce(CGRect.null) { $0.union($1.rect) }
        return LayoutStorage(text: text, lines: lines, runs: runs, glyphs: glyphs, fonts: fonts,
                             styles: styles.isEmpty ? [fallbackStyle] : styles, size: size, textSize: textSize,
                             inkRect: ink.union(decorationRect), isTruncated: isTruncated,
                             untruncatedSize: untruncatedSize, untruncatedLineCount: untruncatedLineCount,
                             graphemeCount: graphemes, wordCount: words, links: links,
                             elements: elements, decorations: decorations, lineElements: lineElements,
                             visualLineCount: visualLineCount, fit: fit)
    }
}

private extension CGPoint {
    func offsetBy(_ other: CGPoint) -> CGPoint { CGPoint(x: x + other.x, y: y + other.y) }
}
