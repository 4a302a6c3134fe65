import CCairo
import Foundation

extension TextRasterizer {
    /// Shows glyphs of `run` in `font` on an SVG or PDF page, in the current source: as text,
    /// in the positions laid out; a font with variation axes set (a `vary` weight, a style's
    /// `variations`) as filled outlines, since Cairo 1.16 embeds a variable font's default
    /// instance in a PDF whatever the axes (such text is then not selectable).
    static func showVectorGlyphs(_ glyphs: [cairo_glyph_t], of run: Run, font: Font.Resolved, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            if font.isVariable, !font.hasColor, !font.variations.isEmpty || !font.chosenVariations.isEmpty {
                withFont(font, on: cairo) {
                    cairo_new_path(cr)
                    cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                }
                cairo_fill(cr)
                return
            }
            let sources = run.compactMap { $0.record.isEmpty || $0.record.isMissing ? nil : $0.record.utf8Range }
            withFont(font, on: cairo) { showTextGlyphs(glyphs, sources: sources, of: run, on: cairo) }
        }
    }

    /// Shows glyphs on an SVG or PDF page as text: the font's outlines go in as an embedded
    /// subset, and each glyph cluster is tied to its characters (`cairo_show_text_glyphs`), so
    /// a PDF's text can be selected, searched and copied as the words.
    ///
    /// `glyphs` are those of `run` that draw (in visual order); `sources` their glyph records'
    /// UTF-8 ranges in the layout's text, one per glyph.
    static func showTextGlyphs(_ glyphs: [cairo_glyph_t], sources: [Range<Int>], of run: Run, on cairo: CairoContext) {
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
        cairo.withUnsafeCairoContext { cr in
            text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                       clusters, Int32(clusters.count),
                                       backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
                }
            }
        }
    }
}

extension TextRasterizer {
    /// Draws a template image on an SVG page as an image of the device pixels it covers, its
    /// alpha filled with `paint`; returns false, drawing nothing, on any other target.
    ///
    /// Cairo 1.16's SVG surface writes a mask (a group as `paint(through:)` makes, or an image)
    /// that librsvg places wrongly or not at all, so the template is drawn in pixels; PDF pages
    /// keep it vector.
    static func drawTemplateOnSVG(_ source: ImageSource, in frame: CGRect, paint: Paint, bounds: CGRect, on cairo: CairoContext) -> Bool {
        cairo.withUnsafeCairoContext { cr in
            guard let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_SVG else { return false }
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for (cx, cy) in [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY)] {
                var x = Double(cx), y = Double(cy)
                cairo_matrix_transform_point(&m, &x, &y)
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
            let x0 = GraphicsContext.pixel(minX.rounded(.down)), y0 = GraphicsContext.pixel(minY.rounded(.down))
            let x1 = GraphicsContext.pixel(maxX.rounded(.up)), y1 = GraphicsContext.pixel(maxY.rounded(.up))
            guard let image = try? ImageSurface(width: max(1, x1 - x0), height: max(1, y1 - y0)) else { return true }
            let offscreen = CairoContext(surface: image)
            var shifted = m
            shifted.x0 -= Double(x0)
            shifted.y0 -= Double(y0)
            offscreen.withUnsafeCairoContext { cairo_set_matrix($0, &shifted) }
            offscreen.paint(through: { source.draw(in: frame, on: offscreen) }) {
                offscreen.setSource(paint, bounds: bounds.isNull || bounds.isEmpty ? frame : bounds)
            }
            image.flush()
            cairo_save(cr)
            cairo_identity_matrix(cr)
            image.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, Double(x0), Double(y0)) }
            cairo_paint(cr)
            cairo_restore(cr)
            return true
        }
    }
}
