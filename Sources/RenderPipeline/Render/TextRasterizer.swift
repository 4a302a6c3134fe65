import CCairo
import Foundation

/// Puts a run's glyphs and decorations into Cairo, the way Pango's Cairo renderer does.
enum TextRasterizer {
    /// Draws a run (or a fragment's slice of it): background, glyphs, inline boxes, decorations.
    static func draw(_ run: Run, on cr: OpaquePointer) {
        guard !run.isEmpty else { return }
        let first = run[0], last = run[run.count - 1]
        let x0 = first.typographicBounds.origin.x
        let x1 = last.typographicBounds.origin.x + last.typographicBounds.width
        let lineRect = run.storage.lines[run.lineIndex].logicalRect
        if let background = run.style.backgroundColor {
            cairo_rectangle(cr, x0, lineRect.minY, x1 - x0, lineRect.height)
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_fill(cr)
        }
        if let box = run.inlineBox {
            // One box per glyph, where the glyph is: renderers that move glyphs move images too.
            for glyph in run { drawInlineBox(box, in: box.frame(at: CGPoint(x: glyph.record.x, y: run.typographicBounds.origin.y)), on: cr) }
            return
        }
        showGlyphs(of: run, on: cr)
        drawDecorations(of: run, from: x0, to: x1, on: cr)
    }

    /// Draws an image or a tag (box, then its own text) filling `frame`.
    static func drawInlineBox(_ box: InlineBox, in frame: CGRect, on cr: OpaquePointer) {
        switch box.content {
        case .image(let image):
            image.source.draw(in: frame, on: cr)
        case .tag(let tag):
            if let background = tag.background {
                GraphicsContext.addPath(Path(roundedRect: frame, cornerRadius: min(tag.cornerRadius, frame.height / 2, frame.width / 2)), to: cr)
                GraphicsContext.setSource(background, bounds: frame, on: cr)
                cairo_fill(cr)
            }
            cairo_save(cr)
            cairo_translate(cr, frame.minX + tag.textOffset.width, frame.minY + tag.textOffset.height)
            for line in tag.layout {
                for run in line { draw(run, on: cr) }
            }
            cairo_restore(cr)
        }
    }

    /// Shows the glyphs of `run` (a whole run or a fragment's slice of it) in the run's paint.
    static func showGlyphs(of run: Run, on cr: OpaquePointer) {
        let storage = run.storage
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(run.count)
        var missing: [Glyph] = []
        for glyph in run {
            let record = glyph.record
            if record.isEmpty { continue }
            if record.isMissing { missing.append(glyph); continue }
            let position = glyph.position
            glyphs.append(cairo_glyph_t(index: UInt(record.id), x: position.x, y: position.y))
        }
        let style = run.style
        GraphicsContext.setSource(style.paint, bounds: run.paintBounds, on: cr)
        if !glyphs.isEmpty {
            cairo_set_scaled_font(cr, storage.fonts[run.record.font].scaledFont)
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        }
        // A character no installed font has: an outlined box, as Pango draws its hex box.
        for glyph in missing {
            let bounds = glyph.typographicBounds
            let inset = bounds.width * 0.1
            cairo_rectangle(cr, bounds.origin.x + inset, bounds.origin.y - bounds.ascent * 0.8,
                            bounds.width - 2 * inset, bounds.ascent * 0.8)
            cairo_set_line_width(cr, max(style.size / 16, 0.5))
            cairo_stroke(cr)
        }
    }

    /// Draws the run's underline and strikethrough between `x0` and `x1`.
    static func drawDecorations(of run: Run, from x0: Double, to x1: Double, on cr: OpaquePointer) {
        let style = run.style
        let font = run.font
        let baseline = run.typographicBounds.origin.y
        if let underline = style.underline {
            drawLine(underline, paint: style.paint, paintBounds: run.paintBounds, x0: x0, x1: x1,
                     top: baseline - font.underlinePosition, thickness: font.underlineThickness, on: cr)
        }
        if let strikethrough = style.strikethrough {
            drawLine(strikethrough, paint: style.paint, paintBounds: run.paintBounds, x0: x0, x1: x1,
                     top: baseline - font.strikethroughPosition, thickness: font.strikethroughThickness, on: cr)
        }
    }

    private static func drawLine(_ decoration: TextDecoration, paint: Paint, paintBounds: CGRect,
                                 x0: Double, x1: Double, top: Double, thickness t: Double, on cr: OpaquePointer) {
        GraphicsContext.setSource(decoration.color.map(Paint.color) ?? paint, bounds: paintBounds, on: cr)
        let width = x1 - x0
        guard width > 0 else { return }
        switch decoration.pattern {
        case .single:
            cairo_rectangle(cr, x0, top, width, t)
            cairo_fill(cr)
        case .double:
            cairo_rectangle(cr, x0, top, width, t)
            cairo_rectangle(cr, x0, top + 2 * t, width, t)
            cairo_fill(cr)
        case .dotted, .dashed:
            let dash = decoration.pattern == .dotted ? [0, 2 * t] : [3 * t, 2 * t]
            cairo_save(cr)
            cairo_set_line_width(cr, t)
            cairo_set_line_cap(cr, decoration.pattern == .dotted ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            cairo_set_dash(cr, dash, 2, 0)
            cairo_move_to(cr, x0 + (decoration.pattern == .dotted ? t / 2 : 0), top + t / 2)
            cairo_line_to(cr, x1, top + t / 2)
            cairo_stroke(cr)
            cairo_restore(cr)
        case .wavy:
            // A smooth wave two thicknesses high with a period of six thicknesses.
            let amplitude = t
            let period = 6 * t
            let mid = top + t / 2
            cairo_save(cr)
            cairo_set_line_width(cr, t)
            cairo_move_to(cr, x0, mid)
            var x = x0
            var up = true
            while x < x1 {
                let half = min(period / 2, x1 - x)
                let peak = mid + (up ? -amplitude : amplitude)
                cairo_curve_to(cr, x + half / 3, peak, x + 2 * half / 3, peak, x + half, mid)
                x += half
                up.toggle()
            }
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }
}
