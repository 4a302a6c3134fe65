import CCairo
import Foundation

/// The drawing operations the rest of Render asks of a Cairo context: state, paths, fills,
/// strokes, clips and compositing of surfaces. Each is the same Cairo calls, in the same order,
/// as the code that used to make them itself, so pixels are Cairo's, byte for byte.
extension CairoContext {
    // MARK: State

    /// Runs `body` between a save and a restore of the drawing state.
    @inline(__always)
    func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        try withUnsafeCairoContext { cr in
            cairo_save(cr)
            defer { cairo_restore(cr) }
            return try body()
        }
    }

    /// Runs `body` with the origin moved by (`dx`, `dy`), restoring the state after.
    func withTranslation(_ dx: Double, _ dy: Double, _ body: () -> Void) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_translate(cr, dx, dy)
            body()
            cairo_restore(cr)
        }
    }

    /// The user-to-device transform.
    var matrix: cairo_matrix_t {
        get {
            withUnsafeCairoContext { cr in
                var m = cairo_matrix_t()
                cairo_get_matrix(cr, &m)
                return m
            }
        }
        set {
            withUnsafeCairoContext { cr in
                var m = newValue
                cairo_set_matrix(cr, &m)
            }
        }
    }

    /// Makes user space device space.
    func setIdentityMatrix() { withUnsafeCairoContext { cairo_identity_matrix($0) } }

    /// Composites what is drawn from now on in `blendMode` (a normal one leaves Cairo's OVER).
    func setBlendMode(_ blendMode: GraphicsContext.BlendMode) {
        if blendMode != .normal { withUnsafeCairoContext { cairo_set_operator($0, blendMode.cairoOperator) } }
    }

    /// The pixel size of the image surface drawn into, or nil when it is not an image (a vector
    /// page, a recording).
    var imageTargetSize: (width: Int, height: Int)? {
        withUnsafeCairoContext { cr in
            guard let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
            return (Int(cairo_image_surface_get_width(target)), Int(cairo_image_surface_get_height(target)))
        }
    }

    // MARK: Paths

    /// Replaces the current path with `path`, in user coordinates.
    func addPath(_ path: Path) {
        withUnsafeCairoContext { cr in
            cairo_new_path(cr)
            for element in path.elements {
                switch element {
                case .move(let p): cairo_move_to(cr, p.x, p.y)
                case .line(let p): cairo_line_to(cr, p.x, p.y)
                case .quadCurve(let p, let c):
                    // Cairo has no quadratics: draw the equal cubic from the current point.
                    var x = 0.0, y = 0.0
                    cairo_get_current_point(cr, &x, &y)
                    cairo_curve_to(cr, x + 2 / 3 * (c.x - x), y + 2 / 3 * (c.y - y),
                                   p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
                case .curve(let p, let c1, let c2): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                case .closeSubpath: cairo_close_path(cr)
                }
            }
        }
    }

    /// Fills `path` with `paint` (resolved against `bounds`), by `style`'s rule and antialiasing.
    func fill(_ path: Path, with paint: Paint, bounds: CGRect, style: FillStyle) {
        withUnsafeCairoContext { cr in
            addPath(path)
            setSource(paint, bounds: bounds)
            if style.isEOFilled { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
            if !style.isAntialiased { cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE) }
            cairo_fill(cr)
        }
    }

    /// Strokes `path` with `paint` (resolved against `bounds`) in `style`.
    func stroke(_ path: Path, with paint: Paint, bounds: CGRect, style: StrokeStyle) {
        withUnsafeCairoContext { cr in
            addPath(path)
            setSource(paint, bounds: bounds)
            cairo_set_line_width(cr, Double(style.lineWidth))
            cairo_set_line_cap(cr, style.lineCap == .round ? CAIRO_LINE_CAP_ROUND : style.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, style.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : style.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
            cairo_set_miter_limit(cr, Double(style.miterLimit))
            if !style.dash.isEmpty {
                let dash = style.dash.map(Double.init)
                cairo_set_dash(cr, dash, Int32(dash.count), Double(style.dashPhase))
            }
            cairo_stroke(cr)
        }
    }

    // MARK: Clips

    /// Intersects the clip with `path` drawn through `matrix` (which stays the current one),
    /// filled even-odd or winding; with `inverseWithin`, with everything of that device
    /// rectangle outside the path instead.
    func clip(to path: Path, matrix: cairo_matrix_t, evenOdd: Bool, inverseWithin all: PixelRect?) {
        withUnsafeCairoContext { cr in
            var m = matrix
            cairo_set_matrix(cr, &m)
            addPath(path)
            if let all {
                // Everything but the path: the target's whole area around it, filled even-odd.
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, Double(all.x - 1), Double(all.y - 1), Double(all.width + 2), Double(all.height + 2))
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            } else {
                cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            }
            cairo_clip(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Intersects the clip with `path` (user coordinates, winding).
    func clip(to path: Path) {
        withUnsafeCairoContext { cr in
            addPath(path)
            cairo_clip(cr)
        }
    }

    /// Intersects the clip with `rect` (user coordinates).
    func clip(to rect: CGRect) {
        withUnsafeCairoContext { cr in
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
        }
    }

    /// Intersects the clip with whole device pixels, which Cairo applies without a mask; the
    /// transform is left the identity.
    func clip(toDevicePixels rect: PixelRect) {
        withUnsafeCairoContext { cr in
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
        }
    }

    /// Runs `body` clipped to whole device pixels, restoring the state (and the clip) after.
    func withClip(toDevicePixels rect: PixelRect, _ body: () -> Void) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            clip(toDevicePixels: rect)
            body()
            cairo_restore(cr)
        }
    }

    // MARK: Surfaces

    /// Paints `image` with its top-left on device pixel (`x`, `y`), scaled by `alpha` when
    /// given, in `blendMode`; the transform is left the identity.
    func paint(_ image: ImageSurface, atDeviceX x: Double, y: Double, alpha: Double? = nil, blendMode: GraphicsContext.BlendMode = .normal) {
        withUnsafeCairoContext { cr in
            cairo_identity_matrix(cr)
            setBlendMode(blendMode)
            image.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, x, y) }
            if let alpha { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        }
    }

    /// Replaces every pixel with `image`'s, drawn through `matrix` (stored to shown pixels)
    /// without filtering: an exact rotation or mirroring.
    func copyNearest(_ image: ImageSurface, through matrix: cairo_matrix_t) {
        withUnsafeCairoContext { cr in
            var m = matrix
            cairo_set_matrix(cr, &m)
            image.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
    }

    /// Draws `bitmap` stretched over `rect` (user coordinates), filtered as Cairo's GOOD filter
    /// does, with padded edges, restoring the state after.
    ///
    /// A vector page records the bitmap, which other threads draw from too (an image decoded
    /// once for a batch's rows), as a snapshot kept in a list on it that Cairo changes without a
    /// lock: there, under the Pango lock, as a recording's destruction is.
    func paint(_ bitmap: ImageSurface, stretchedOver rect: CGRect) {
        if imageTargetSize == nil {
            PangoLock.withLock { paintStretched(bitmap, over: rect) }
        } else {
            paintStretched(bitmap, over: rect)
        }
    }

    private func paintStretched(_ bitmap: ImageSurface, over rect: CGRect) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
            bitmap.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
            let pattern = cairo_get_source(cr)
            // GOOD filters down-scaled bitmaps over their whole footprint; PAD keeps edges sharp.
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Fills the whole-pixel `columns` (ranges of `image`'s columns, its whole height) of
    /// `image` placed with its top-left on device pixel (`left`, `top`); the transform is left
    /// the identity.
    func fill(columns: [Range<Int>], of image: ImageSurface, atDeviceX left: Double, y top: Double) {
        withUnsafeCairoContext { cr in
            cairo_identity_matrix(cr)
            for range in columns where !range.isEmpty {
                cairo_rectangle(cr, left + Double(range.lowerBound), top, Double(range.count), Double(image.height))
            }
            image.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, left, top) }
            cairo_fill(cr)
        }
    }

    /// Paints the source `setSource` sets through the alpha of what `drawMask` draws (into a
    /// group of its own), restoring the state after: SwiftUI's template rendering of an image.
    func paint(through drawMask: () -> Void, setSource: () -> Void) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_push_group(cr)
            drawMask()
            let mask = cairo_pop_group(cr)
            setSource()
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
            cairo_restore(cr)
        }
    }
}
