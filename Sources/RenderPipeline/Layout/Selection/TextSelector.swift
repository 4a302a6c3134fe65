/// Which part of a text an effect applies to.
///
/// Ranges count grapheme clusters, words or lines in logical order, and select whole glyph
/// clusters: a ligature ("ffi"), a CJK character or an emoji ZWJ family is never split.
public enum TextSelector: Hashable, Sendable {
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case glyph, word, line
    }

    /// Everything.
    case all
    /// Runs carrying a custom attribute of this name.
    case attribute(String)
    /// Runs that are links.
    case links
    /// Units `start..<end` (`end` nil: to the end of the text).
    case range(Unit, start: Int, end: Int?)
    /// The lines of a Markdown document that belong to an element of one of these kinds, or to
    /// something inside one (a code block, any heading, a list item with its marker).
    case markdown(Set<MarkdownElement>)
    /// The text of a streamed answer that arrived less than `within` seconds before the frame
    /// (see `TextArrival`): an effect on it fades, tints or blurs new text in. Nothing in text
    /// that does not stream.
    case arrived(within: Double)

    /// Whether the glyph is selected.
    public func contains(_ glyph: Glyph) -> Bool {
        switch self {
        case .all: return true
        case .attribute(let name): return glyph.run.attributes.contains(name)
        case .links: return glyph.run.link != nil
        case .markdown(let kinds): return glyph.storage.lineBelongs(glyph.lineIndex, toAnyOf: kinds)
        case .arrived(let within): return glyph.storage.arrival?.arrived(grapheme: glyph.graphemeRange.lowerBound, within: within) ?? false
        case .range(let unit, let start, let end):
            let upper = end ?? Int.max
            switch unit {
            case .glyph:
                let covered = glyph.graphemeRange
                return covered.lowerBound < upper && covered.upperBound > start
            case .word:
                // White space between words belongs to none of them.
                return glyph.wordIndex >= start && glyph.wordIndex < upper && !glyph.text.allSatisfy(\.isWhitespace)
            case .line: return glyph.lineIndex >= start && glyph.lineIndex < upper
            }
        }
    }

    /// The layout cut into pieces that are wholly selected or not: whole runs where the run is
    /// uniform, else the longest runs of consecutive glyphs. In visual order.
    public func segments(of layout: TextLayout) -> [(part: TextLayout, isSelected: Bool)] {
        var result: [(TextLayout, Bool)] = []
        for line in layout {
            let lineSelected: Bool
            if case .markdown(let kinds) = self { lineSelected = line.storage.lineBelongs(line.index, toAnyOf: kinds) } else { lineSelected = false }
            for run in line {
                switch self {
                case .markdown:
                    result.append((TextLayout(run), lineSelected))
                    continue
                case .all:
                    result.append((TextLayout(run), true))
                    continue
                case .attribute(let name):
                    result.append((TextLayout(run), run.attributes.contains(name)))
                    continue
                case .links:
                    result.append((TextLayout(run), run.link != nil))
                    continue
                case .range, .arrived:
                    break
                }
                var start = 0
                while start < run.count {
                    let selected = contains(run[start])
                    var end = start + 1
                    while end < run.count, contains(run[end]) == selected { end += 1 }
                    result.append((start == 0 && end == run.count ? TextLayout(run) : TextLayout(run, glyphs: start..<end), selected))
                    start = end
                }
            }
        }
        return result
    }
}
