import CCairo
import Foundation

extension TextRasterizer {
    /// Shows glyphs on an SVG or PDF page as text: the font's outlines go in as an embedded
    /// subset, and each glyph cluster is tied to its characters (`cairo_show_text_glyphs`), so
    /// a PDF's text can be selected, searched and copied as the words.
    ///
    /// `glyphs` are those of `run` that draw (in visual order); `sources` their glyph records'
    /// UTF-8 ranges in the layout's text, one per glyph.
    static func showTextGlyphs(_ glyphs: [cairo_glyph_t], sources: [Range<Int>], of run: Run, on cr: OpaquePointer) {
        // Consecutive glyphs of one cluster share its characters: one cluster per group.
        var groups: [(range: Range<Int>, glyphs: Int)] = []
        for range in sources {
            if let last = groups.last, last.range == range {
                groups[groups.count - 1].glyphs += 1
            } else {
                groups.append((range, 1))
            }
        }
        // Right-to-left glyphs are listed left to right: the text reads from the last cluster.
        let backward = run.isRightToLeft
        if backward { groups.reverse() }
        var text: [UInt8] = []
        var clusters: [cairo_text_cluster_t] = []
        clusters.reserveCapacity(groups.count)
        let utf8 = run.storage.text.utf8
        for group in groups {
            let start = utf8.index(utf8.startIndex, offsetBy: min(group.range.lowerBound, utf8.count))
            let end = utf8.index(utf8.startIndex, offsetBy: min(group.range.upperBound, utf8.count))
            let bytes = utf8[start..<end]
            text.append(contentsOf: bytes)
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(bytes.count), num_glyphs: Int32(group.glyphs)))
        }
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                       clusters, Int32(clusters.count),
                                       backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
            }
        }
    }
}
