import CCairo
import Foundation

extension CairoContext {
    /// Sets `paint` as the Cairo source, every colour's alpha (an image's opacity) times
    /// `opacity`; unit points and angles resolve against `bounds` (current coordinates), as do a
    /// conic gradient's reach and an image's tile origin.
    ///
    /// The one place a `Paint` becomes a Cairo pattern. Glyph runs call it for every draw, so a
    /// colour, a linear and a radial gradient allocate nothing beyond Cairo's pattern.
    func setSource(_ paint: Paint, bounds: CGRect, opacity: Double = 1) {
        withUnsafeCairoContext { cr in
            let pattern: OpaquePointer
            let gradient: Gradient, options: Paint.GradientOptions
            switch paint {
            case .color(let c):
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
                return
            case .linearGradient(let linear):
                let (start, end) = linear.endPoints(in: bounds)
                pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
                gradient = linear.gradient
                options = linear.options
            case .radialGradient(let radial):
                let center = radial.center.resolved(in: bounds)
                pattern = cairo_pattern_create_radial(center.x, center.y, radial.startRadius, center.x, center.y, radial.endRadius)!
                gradient = radial.gradient
                options = radial.options
            case .angularGradient(let angular):
                let center = angular.center.resolved(in: bounds)
                pattern = Self.conicPattern(angular, center: center, reach: GraphicsContext.farthestCorner(of: bounds, from: center), opacity: opacity)
                cairo_set_source(cr, pattern)
                cairo_pattern_destroy(pattern)
                return
            case .image(let image, let origin):
                setImageSource(image, origin: origin.resolved(in: bounds), opacity: opacity, on: cr)
                return
            }
            // Cairo keeps the stops sorted itself (stops at one offset in the order added).
            if options.contains(.linearColor) {
                for stop in GraphicsContext.stops(of: gradient, linear: true) { Self.addStop(stop, opacity: opacity, to: pattern) }
            } else {
                for stop in gradient.stops { Self.addStop(stop, opacity: opacity, to: pattern) }
            }
            if options.contains(.mirror) { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REFLECT) }
            else if options.contains(.repeat) { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT) }
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// Sets an image paint's tile as a repeating surface pattern, one tile's top-leading corner at
    /// `origin` (current coordinates), sampled with Cairo's GOOD filter; transparent when the
    /// paint has no tile (a symbol, an empty source rectangle, no scale).
    ///
    /// On SVG and PDF surfaces Cairo writes the pattern as an SVG `<pattern>` or a PDF tiling
    /// pattern holding the tile once, not the pixels of everything it fills.
    private func setImageSource(_ paint: ImagePaint, origin: CGPoint, opacity: Double, on cr: OpaquePointer) {
        let m = matrix
        // Target pixels per point of the tile as drawn: without rotation or skew, along each
        // axis, and the tile is made at exactly those pixels (see `ImageSource.tile`).
        let axisAligned = m.xy == 0 && m.yx == 0 && m.xx > 0 && m.yy > 0
        let most = Swift.max((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        let density = axisAligned ? CGSize(width: m.xx * paint.scale, height: m.yy * paint.scale) : CGSize(width: most * paint.scale, height: most * paint.scale)
        guard paint.scale > 0, paint.scale.isFinite, origin.x.isFinite, origin.y.isFinite, let source = paint.image.source,
              let tile = source.tile(sourceRect: paint.sourceRect, pixelsPerPoint: density, exact: axisAligned,
                                     opacity: paint.opacity * opacity) else {
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return
        }
        // The kept tile is drawn from by other threads too: a vector page records its own copy
        // (`ImageSurface.documentCopy`), which documents still hold once.
        guard let surface = imageTargetSize != nil ? tile.surface : tile.surface.documentCopy(named: source.documentName(of: tile.key)) else {
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return
        }
        let pattern = surface.withUnsafeCairoSurface { cairo_pattern_create_for_surface($0) }!
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        // User points → tile pixels: moved to the origin, then a tile's points to its pixels.
        var toTile = CairoMatrix.identity
        toTile.scale(Double(surface.width) / (tile.points.width * paint.scale), Double(surface.height) / (tile.points.height * paint.scale))
        toTile.translate(-origin.x, -origin.y)
        cairo_pattern_set_matrix(pattern, &toTile)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    private static func addStop(_ stop: Gradient.Stop, opacity: Double, to pattern: OpaquePointer) {
        cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), stop.color.red, stop.color.green,
                                          stop.color.blue, stop.color.alpha * opacity)
    }

    /// An angular gradient as a Cairo mesh: thin sectors around `center`, each shading from its
    /// start angle's colour to its end angle's, reaching `reach` points out. A sweep shorter
    /// than a turn has its gap filled half with the last stop's colour, half with the first's.
    private static func conicPattern(_ angular: AngularGradient, center: CGPoint, reach: Double, opacity: Double) -> OpaquePointer {
        let options = angular.options
        let stops = GraphicsContext.stops(of: angular.gradient, linear: options.contains(.linearColor))
        let mesh = cairo_pattern_create_mesh()!
        let r = Swift.max(reach, 1)
        let turn = 2 * Double.pi
        var start = angular.startAngle.radians
        var span = angular.endAngle.radians - start
        // No sweep, or a full turn (within rounding): a conic gradient from the start angle.
        if span <= 0 || abs(span - turn) < 1e-9 { span = turn }
        // More than a turn: its last turn.
        else if span > turn { start = angular.endAngle.radians - turn; span = turn }
        func colour(_ fraction: Double) -> Color {
            var t = fraction
            if options.contains(.mirror) { t = t <= 0.5 ? 2 * t : 2 - 2 * t }
            return GraphicsContext.color(of: stops, at: t)
        }
        func sector(from t0: Double, to t1: Double, _ a: Color, _ b: Color) {
            func point(_ theta: Double) -> (Double, Double) { (center.x + r * cos(theta), center.y + r * sin(theta)) }
            // A quarter-circle-style cubic for the arc between t0 and t1.
            let k = 4.0 / 3.0 * tan((t1 - t0) / 4)
            let (x0, y0) = point(t0), (x3, y3) = point(t1)
            let c1 = (x0 - k * r * sin(t0), y0 + k * r * cos(t0)), c2 = (x3 + k * r * sin(t1), y3 - k * r * cos(t1))
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, center.x, center.y)
            cairo_mesh_pattern_line_to(mesh, x0, y0)
            cairo_mesh_pattern_curve_to(mesh, c1.0, c1.1, c2.0, c2.1, x3, y3)
            cairo_mesh_pattern_line_to(mesh, center.x, center.y)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 0, a.red, a.green, a.blue, a.alpha * opacity)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 1, a.red, a.green, a.blue, a.alpha * opacity)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 2, b.red, b.green, b.blue, b.alpha * opacity)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 3, b.red, b.green, b.blue, b.alpha * opacity)
            cairo_mesh_pattern_end_patch(mesh)
        }
        // 128 sectors a turn; a partial sweep keeps their size.
        let sectors = span == turn ? 128 : Swift.max(1, Int((128 * span / turn).rounded(.up)))
        for i in 0..<sectors {
            let f0 = Double(i) / Double(sectors), f1 = Double(i + 1) / Double(sectors)
            sector(from: start + span * f0, to: start + span * f1, colour(f0), colour(f1))
        }
        if span < turn {
            // The gap: the last colour up to its middle, the first colour after it.
            let gap = turn - span, pieces = Swift.max(1, Int((64 * gap / turn).rounded(.up)))
            let last = colour(1), first = colour(0)
            for half in 0..<2 {
                let from = start + span + Double(half) * gap / 2, c = half == 0 ? last : first
                for i in 0..<pieces {
                    sector(from: from + gap / 2 * Double(i) / Double(pieces), to: from + gap / 2 * Double(i + 1) / Double(pieces), c, c)
                }
            }
        }
        return mesh
    }
}
