import CPango
import Foundation

/// A quick prediction of whether a text fits at another scale or tightening, from its layout
/// at full size: where the fit search should probe first.
///
/// Laying a text out at a new size costs a new font (fontconfig matches it afresh, HarfBuzz
/// and Cairo make their objects), about ten times a layout at a size already used, so fitting
/// lays out as few sizes as it can. Text set at scale `s` is, to within rounding, the full-size
/// text scaled by `s` (advances, line heights and line spacing are proportional to the size),
/// so the model wraps the full-size characters' advances greedily at `width / s`, as Pango
/// wraps (the last break opportunity whose line, trailing white space left out, fits; a word
/// longer than the line broken between characters), and stacks lines of the full layout's
/// mean height. Tightening takes `tightening` ems off each character. The prediction is only
/// a first guess: the search lays out what it returns, and its neighbours, for real.
struct FitModel {
    /// One Unicode scalar: its advance at full size (its cluster's, on the first scalar of a
    /// cluster), its font size (what an em of tightening takes), and the breaks before it.
    struct Character {
        var advance: Double
        var em: Double
        var breaks: CharacterBreaks
    }

    let characters: [Character]
    /// The mean height of a line at full size, without line spacing.
    let lineHeight: Double
    let options: LayoutOptions

    /// The model of `layout`, the text laid out at full size with `options`; with the lock held.
    init(layout: PangoTextLayout, options: LayoutOptions) {
        self.options = options
        var offsets: [Int] = []
        var characters: [Character] = []
        var scalars: [UInt32] = []
        offsets.reserveCapacity(layout.text.unicodeScalars.count)
        characters.reserveCapacity(layout.text.unicodeScalars.count)
        layout.layout.forEachCharacterBreak(in: layout.text) { offset, scalar, breaks in
            guard let scalar else { return }
            offsets.append(offset)
            scalars.append(scalar.value)
            characters.append(Character(advance: 0, em: 0, breaks: breaks))
        }
        let styles = layout.styles
        layout.layout.withUnsafeMutablePangoLayout { pango in
            let iter = pango_layout_get_iter(pango)!
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
                let item = run.pointee.item.pointee
                let glyphs = run.pointee.glyphs.pointee
                let style = RunStyleAttribute.index(in: item.analysis.extra_attrs) ?? 0
                let em = style < styles.count ? styles[style].style.size : 0
                for i in 0..<Int(glyphs.num_glyphs) {
                    let byte = Int(item.offset) + Int(glyphs.log_clusters[i])
                    // The scalar starting at `byte`: offsets are sorted, so a binary search.
                    let index = Self.lastIndex(atOrBelow: byte, in: offsets)
                    guard index >= 0 else { continue }
                    var advance = Double(pangoUnits: glyphs.glyphs[i].geometry.width)
                    // Pango empties the white space ending a wrapped line; anywhere else it is
                    // as wide as the font's glyph for it (HarfBuzz's font is scaled to Pango
                    // units), and a line that breaks elsewhere counts that width.
                    if advance == 0, characters[index].breaks.contains(.white), let font = item.analysis.font,
                       let harfBuzz = pango_font_get_hb_font(font) {
                        var glyph: hb_codepoint_t = 0
                        if hb_font_get_nominal_glyph(harfBuzz, scalars[index], &glyph) != 0 {
                            advance = Double(hb_font_get_glyph_h_advance(harfBuzz, glyph)) / Double(PANGO_SCALE)
                        }
                    }
                    characters[index].advance += advance
                    characters[index].em = em
                }
            } while pango_layout_iter_next_run(iter) != 0
        }
        self.characters = characters
        let lines = max(1, layout.lineCount)
        let spacing = options.lineSpacing * (Double(lines - 1))
        lineHeight = max(0, (Double(pangoUnits: layout.heightUnits) - spacing) / Double(lines))
    }

    /// Whether the model expects the text to fit its line limit and height at `scale` and `tightening`.
    func fits(scale: Double, tightening: Double) -> Bool {
        let lines = lineCount(width: options.width.map { $0 / scale }, tightening: tightening)
        if let limit = options.lineLimit, lines > limit { return false }
        if let height = options.height {
            let total = scale * (Double(lines) * lineHeight + Double(max(0, lines - 1)) * options.lineSpacing)
            if total > height { return false }
        }
        return true
    }

    /// The lines the text takes when wrapped at `width` (full-size points; nil: no wrapping).
    func lineCount(width: Double?, tightening: Double) -> Int {
        guard !characters.isEmpty else { return 1 }
        var lines = 0, start = 0
        while start < characters.count {
            lines += 1
            start = lineEnd(from: start, width: width, tightening: tightening)
        }
        return lines
    }

    /// Where the line starting at `start` ends (the index of the next line's first character).
    private func lineEnd(from start: Int, width: Double?, tightening: Double) -> Int {
        var total = 0.0         // every character so far
        var trimmed = 0.0       // up to the last character that is not white space
        var lastFitting: Int?   // the last break opportunity whose line fits
        var lastCharacterFitting: Int?
        var index = start
        while index < characters.count {
            let character = characters[index]
            if index > start {
                if character.breaks.contains(.mandatoryBreak) { return index }
                if character.breaks.contains(.lineBreak) {
                    // The white space before the break may hang past the width, as in Pango.
                    if let width, trimmed > width { break }
                    lastFitting = index
                }
                if character.breaks.contains(.characterBreak), width.map({ total <= $0 }) ?? true { lastCharacterFitting = index }
            }
            total += character.advance - tightening * character.em
            if !character.breaks.contains(.white) { trimmed = total }
            index += 1
        }
        if index == characters.count, width.map({ trimmed <= $0 }) ?? true { return index }
        return lastFitting ?? lastCharacterFitting ?? min(start + 1, characters.count)
    }

    /// The last index whose value is at most `value` in a sorted array, or -1.
    private static func lastIndex(atOrBelow value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }
}
