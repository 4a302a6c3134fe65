import CCairo
import Foundation

/// Puts a run's glyphs and decorations into Cairo, the way Pango's Cairo renderer does.
enum TextRasterizer {
    /// Draws a run (or a fragment's slice of it): background, glyphs, inline boxes, decorations.
    /// With `offsets`, glyph i and everything attached to it (its background and decoration
    /// pieces, its image) move by `offsets[i]`. `paint` and `stroke` come from the context.
    static func draw(_ run: Run, offsets: [CGSize]? = nil, paint: Paint? = nil,
                     stroke: (paint: Paint, width: Double)? = nil, variations: [String: Double] = [:],
                     exactPositions: Bool = false, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            guard !run.isEmpty else { return }
            let style = run.style
            let (x0, x1) = run.glyphSpan
            let lineRect = run.lineRect
            func background(_ from: Double, _ to: Double) {
                guard let color = style.backgroundColor else { return }
                cairo_rectangle(cr, from, lineRect.minY, to - from, lineRect.height)
                cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                cairo_fill(cr)
            }
            if let box = run.inlineBox {
                // One box per glyph, where the glyph is: renderers that move glyphs move images too.
                for (i, glyph) in run.enumerated() {
                    var frame = box.frame(at: CGPoint(x: glyph.record.x, y: run.typographicBounds.origin.y))
                    if let offsets { frame = frame.offsetBy(dx: offsets[i].width, dy: offsets[i].height) }
                    background(frame.minX, frame.maxX)
                    drawInlineBox(box, in: frame, paint: paint, textPaint: (paint ?? style.paint, run.paintBounds), on: cairo)
                }
                return
            }
            guard let offsets, style.backgroundColor != nil || style.underline != nil || style.strikethrough != nil else {
                background(x0, x1)
                showGlyphs(of: run, offsets: offsets, paint: paint, stroke: stroke, variations: variations, exactPositions: exactPositions, on: cairo)
                if offsets == nil { drawDecorations(of: run, from: x0, to: x1, on: cairo) }
                return
            }
            // Backgrounds and decorations follow their glyph.
            for (i, glyph) in run.enumerated() {
                let b = glyph.typographicBounds
                cairo_save(cr)
                cairo_translate(cr, offsets[i].width, offsets[i].height)
                background(b.origin.x, b.origin.x + b.width)
                drawDecorations(of: run, from: b.origin.x, to: b.origin.x + b.width, on: cairo)
                cairo_restore(cr)
            }
            showGlyphs(of: run, offsets: offsets, paint: paint, stroke: stroke, variations: variations, exactPositions: exactPositions, on: cairo)
        }
    }

    /// Draws an image, a tag (box, then its own text) or a symbol filling `frame`. A symbol
    /// and a template image take `textPaint` (the run's paint, or the one a renderer gives).
    static func drawInlineBox(_ box: InlineBox, in frame: CGRect, paint: Paint? = nil,
                              textPaint: (paint: Paint, bounds: CGRect)? = nil, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            switch box.content {
            case .image(let image):
                if image.renderingMode == .template, let textPaint {
                    drawTemplate(image, in: frame, paint: textPaint.paint, bounds: textPaint.bounds, on: cairo)
                } else {
                    image.draw(in: frame, on: cairo)
                }
            case .symbol(let symbol):
                drawSymbol(symbol, in: frame, paint: paint, on: cairo)
            case .tag(let tag):
                if let background = tag.background {
                    cairo.addPath(Path(roundedRect: frame, cornerRadius: min(tag.cornerRadius, frame.height / 2, frame.width / 2), style: .circular))
                    cairo.setSource(background, bounds: frame)
                    cairo_fill(cr)
                }
                cairo_save(cr)
                cairo_translate(cr, frame.minX + tag.textOffset.width, frame.minY + tag.textOffset.height)
                for line in tag.layout {
                    for run in line { draw(run, on: cairo) }
                }
                cairo_restore(cr)
            }
        }
    }

    /// Shows the glyphs of `run` (a whole run or a fragment's slice of it) in the run's paint.
    /// `paint` replaces the run's own; `stroke` outlines the glyphs under their fill.
    static func showGlyphs(of run: Run, offsets: [CGSize]? = nil, paint: Paint? = nil,
                           stroke: (paint: Paint, width: Double)? = nil, variations: [String: Double] = [:],
                           exactPositions: Bool = false, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            let storage = run.storage
            var glyphs: [cairo_glyph_t] = []
            glyphs.reserveCapacity(run.count)
            var missing: [Glyph] = []
            for (i, glyph) in run.enumerated() {
                let record = glyph.record
                if record.isEmpty { continue }
                if record.isMissing { missing.append(glyph); continue }
                var position = glyph.position
                if let offsets {
                    position.x += offsets[i].width
                    position.y += offsets[i].height
                }
                glyphs.append(cairo_glyph_t(index: UInt(record.id), x: position.x, y: position.y))
            }
            let style = run.style
            if !glyphs.isEmpty {
                let font = storage.fonts[run.record.font].varying(variations)
                if let stroke, stroke.width > 0 {
                    withFont(font, on: cairo) {
                        // Twice the width, half of it hidden under the fill: the outline grows outward only.
                        cairo.setSource(stroke.paint, bounds: run.paintBounds)
                        cairo_new_path(cr)
                        cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                        cairo_set_line_width(cr, stroke.width * 2)
                        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                        cairo_stroke(cr)
                    }
                }
                let fill = paint ?? style.paint
                cairo.setSource(fill, bounds: run.paintBounds)
                // The solid colour the glyph masks are composited in, handed to the cache.
                let solid: Color? = if case .color(let color) = fill { color } else { nil }
                let matrix = cairo.matrix
                if cairo.isVector {
                    showVectorGlyphs(glyphs, of: run, font: font, on: cairo)
                } else if exactPositions && !font.hasColor {
                    // Outlines filled where they are, not snapped to the pixel grid as shown glyphs are.
                    withFont(font, on: cairo) {
                        cairo_new_path(cr)
                        cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                    }
                    cairo_fill(cr)
                } else if matrix.xy == 0 && matrix.yx == 0 && matrix.xx == matrix.yy && (font.variations.isEmpty
                            || !GlyphMaskCache.shared.show(glyphs, font: font, matrix: matrix, color: solid, on: cairo)) {
                    // A varied font (an axis animation) goes through the mask cache: Cairo's own glyph
                    // cache is too small for a hundred weights of every glyph and rasterises anew.
                    withFont(font, on: cairo) { cairo_show_glyphs(cr, glyphs, Int32(glyphs.count)) }
                } else if !GlyphMaskCache.shared.show(glyphs, font: font, matrix: matrix, color: solid, on: cairo) {
                    withFont(font, on: cairo) { showTransformed(glyphs, matrix: matrix, on: cairo) }
                }
            } else {
                cairo.setSource(paint ?? style.paint, bounds: run.paintBounds)
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
    }

    /// Runs `body` with `font` set on `cr`, under the Pango lock and inside a save and restore.
    ///
    /// Cairo 1.16 creates, caches and releases scaled fonts with bookkeeping that is not safe
    /// from two threads at once (a font released on one thread while another draws with it
    /// aborts on `! scaled_font->cache_frozen`). So every use of a font on a context happens
    /// under the one lock Pango calls take, and the context's reference to it is dropped by the
    /// restore before the lock is released. Fills, strokes and masks stay parallel.
    ///
    /// A variable font at its default instance gets its FreeType face unvaried first (see
    /// `te_ft_unvary_default_instance`): FreeType rasterises such glyphs from a face that was ever
    /// set to other axis values a 64th of a pixel off, and which one Cairo's glyph cache held
    /// depended on what the process drew before (a frame and its bands came out apart).
    static func withFont(_ font: Font.Resolved, on cairo: CairoContext, _ body: () -> Void) {
        cairo.withUnsafeCairoContext { cr in
            PangoLock.withLock {
                cairo_save(cr)
                font.scaledFont.withUnsafeCairoScaledFont { scaledFont in
                    // A variable font's default instance is drawn as a face never varied draws it,
                    // whatever varied the face Cairo shares among the file's fonts before.
                    if font.isVariable { te_ft_unvary_default_instance(scaledFont) }
                    cairo_set_scaled_font(cr, scaledFont)
                }
                body()
                cairo_restore(cr)
            }
        }
    }

    /// Shows glyphs under a rotating, skewing or stretching transform.
    ///
    /// Cairo keeps rasterized glyphs per font size *and* transform, so a transform that changes
    /// continuously (per-glyph rotation) rasterizes every glyph anew, about 40× the cost of a
    /// plain move. Snapping the transform's linear part to a 1/256 grid (about a quarter of a
    /// degree of rotation) lets those caches hit again; each glyph keeps its exact position.
    static func showTransformed(_ glyphs: [cairo_glyph_t], matrix: cairo_matrix_t, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            func snap(_ v: Double) -> Double { (v * 64).rounded() / 64 }
            var linear = matrix
            linear.xx = snap(matrix.xx); linear.yx = snap(matrix.yx)
            linear.xy = snap(matrix.xy); linear.yy = snap(matrix.yy)
            var original = matrix
            for glyph in glyphs {
                var x = glyph.x, y = glyph.y
                cairo_matrix_transform_point(&original, &x, &y)
                linear.x0 = x
                linear.y0 = y
                cairo_set_matrix(cr, &linear)
                var one = cairo_glyph_t(index: glyph.index, x: 0, y: 0)
                cairo_show_glyphs(cr, &one, 1)
            }
            cairo_set_matrix(cr, &original)
        }
    }

    /// Draws the run's underline and strikethrough between `x0` and `x1`.
    static func drawDecorations(of run: Run, from x0: Double, to x1: Double, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            let style = run.style
            let font = run.font
            let baseline = run.typographicBounds.origin.y
            if let underline = style.underline {
                drawLine(underline, paint: style.paint, paintBounds: run.paintBounds, x0: x0, x1: x1,
                         top: baseline - font.underlinePosition, thickness: font.underlineThickness, on: cairo)
            }
            if let strikethrough = style.strikethrough {
                drawLine(strikethrough, paint: style.paint, paintBounds: run.paintBounds, x0: x0, x1: x1,
                         top: baseline - font.strikethroughPosition, thickness: font.strikethroughThickness, on: cairo)
            }
        }
    }

    private static func drawLine(_ decoration: TextDecoration, paint: Paint, paintBounds: CGRect,
                                 x0: Double, x1: Double, top: Double, thickness t: Double, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            cairo.setSource(decoration.color.map(Paint.color) ?? paint, bounds: paintBounds)
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
            case .dotted, .dashed, .dashDot, .dashDotDot:
                // A dotted line's dots are round caps on zero-length dashes; the dots between dashes
                // are squares a thickness long, as Core Text draws its dash-dot patterns.
                let dash: [Double] = switch decoration.pattern {
                case .dotted: [0, 2 * t]
                case .dashDot: [3 * t, 2 * t, t, 2 * t]
                case .dashDotDot: [3 * t, 2 * t, t, 2 * t, t, 2 * t]
                default: [3 * t, 2 * t]
                }
                let round = decoration.pattern == .dotted
                cairo_save(cr)
                cairo_set_line_width(cr, t)
                cairo_set_line_cap(cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
                cairo_set_dash(cr, dash, Int32(dash.count), 0)
                cairo_move_to(cr, x0 + (round ? t / 2 : 0), top + t / 2)
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
}
