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
            withFont(font, on: cairo) {
                // Colour glyphs go into a Type 3 font, whose widths are not rounded; right-to-left
                // glyphs are shown from the last, which this does not follow.
                let shown = font.hasColor || run.isRightToLeft ? glyphs : pdfWidthCompensated(glyphs, cr)
                showTextGlyphs(shown, sources: sources, of: run, on: cairo)
                if font.isVariable { DefaultInstanceFaces.note(font.scaledFont) }
            }
        }
    }

    /// `glyphs` moved so a PDF reader draws them where they were laid out, despite Cairo 1.16
    /// rounding the embedded font's widths; unchanged on any page but a PDF one (or a recording
    /// for one). Call with the glyphs' font set on `cr`.
    ///
    /// Cairo writes each glyph's width into the PDF (`/Widths`, and a fallback font's own
    /// charstrings) cut down to a whole 1/1000 em, but positions the glyphs after it in the text
    /// object (`TJ`) as if the reader advanced by the exact width: the reader falls behind by the
    /// dropped fraction at every glyph, and a line drifts left, up to 2–3 pixels across a
    /// 60-point title (`Tests/Fixtures/CairoPDFWidths/drift.c` shows it with Cairo alone). Each
    /// glyph is moved on by what the reader has lost before it, along the font's baseline, so
    /// Cairo's own adjustments put it back in place. The loss restarts where Cairo restarts the
    /// text position (a new baseline, or a jump over 10 em), as Cairo does.
    private static func pdfWidthCompensated(_ glyphs: [cairo_glyph_t], _ cr: OpaquePointer) -> [cairo_glyph_t] {
        guard glyphs.count > 1, let target = cairo_get_target(cr) else { return glyphs }
        let kind = cairo_surface_get_type(target)
        // A recording is a page of a combined PDF (a batch's `--pdf-pages`).
        guard kind == CAIRO_SURFACE_TYPE_PDF || kind == CAIRO_SURFACE_TYPE_RECORDING, let scaled = cairo_get_scaled_font(cr) else { return glyphs }
        var fontMatrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &fontMatrix)
        var toEm = fontMatrix
        guard cairo_matrix_invert(&toEm) == CAIRO_STATUS_SUCCESS else { return glyphs }
        // The font as Cairo's subsetter measures it: one unit a side, unhinted.
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        guard let unit = cairo_scaled_font_create(cairo_scaled_font_get_font_face(scaled), &identity, &identity, options) else { return glyphs }
        defer { cairo_scaled_font_destroy(unit) }
        guard cairo_scaled_font_status(unit) == CAIRO_STATUS_SUCCESS else { return glyphs }
        var moved = glyphs
        var lost = 0.0
        var previous: (u: Double, v: Double, advance: Double)?
        for index in moved.indices {
            var glyph = glyphs[index]
            var u = glyph.x, v = glyph.y
            cairo_matrix_transform_point(&toEm, &u, &v)
            // Cairo starts a new text position on another baseline or past a 10 em jump.
            if let previous, abs(v - previous.v) > 0.001 || abs(u - previous.u - previous.advance) > 10 { lost = 0 }
            moved[index].x += fontMatrix.xx * lost
            moved[index].y += fontMatrix.yx * lost
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(unit, &glyph, 1, &extents)
            let advance = extents.x_advance
            // Cairo keeps whole thousandths; a sixty-fourth of one absorbs FreeType's 16.16
            // rounding of a width that is a whole number of them (a 1000-unit em's).
            lost += advance - (advance * 1000 + 1.0 / 64).rounded(.towardZero) / 1000
            previous = (u, v, advance)
        }
        return moved
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
