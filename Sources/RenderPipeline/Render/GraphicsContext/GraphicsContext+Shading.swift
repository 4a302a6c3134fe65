import CCairo
import Foundation

extension GraphicsContext {
    /// What a fill or stroke paints with, as SwiftUI's `GraphicsContext.Shading`: a colour, a
    /// style, or a gradient whose points are in the context's current coordinates.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case paint(Paint)
            case linear(Gradient, start: CGPoint, end: CGPoint, options: GradientOptions)
            case radial(Gradient, center: CGPoint, startRadius: Double, endRadius: Double, options: GradientOptions)
            case conic(Gradient, center: CGPoint, angle: Angle, options: GradientOptions)
            case foreground
            case palette([Shading])
        }

        let kind: Kind

        init(_ kind: Kind) { self.kind = kind }

        init(_ paint: Paint) { kind = .paint(paint) }

        /// Whether the shading must cover everything a stroke paints (a conic gradient is a
        /// mesh reaching only as far as the bounds it is given).
        var spansStroke: Bool { if case .conic = kind { return true } else { return false } }

        public static func color(_ color: Color) -> Shading { Shading(.paint(.color(color))) }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                                 opacity: Double = 1) -> Shading {
            color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// A colour or gradient style (`Color`, `LinearGradient`, a `Paint`).
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(.paint(style.paint)) }

        /// The context's foreground: the paint text is drawn with, black unless a renderer set one.
        public static var foreground: Shading { Shading(.foreground) }

        /// Several shadings; fills and strokes use the first.
        public static func palette(_ array: [Shading]) -> Shading { Shading(.palette(array)) }

        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.linear(gradient, start: startPoint, end: endPoint, options: options))
        }

        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.radial(gradient, center: center, startRadius: Double(startRadius), endRadius: Double(endRadius), options: options))
        }

        /// Colours sweeping clockwise around `center`, starting at `angle` (0 points along +x).
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = Angle(),
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.conic(gradient, center: center, angle: angle, options: options))
        }
    }

    /// Options for gradient shadings, as SwiftUI's `GraphicsContext.GradientOptions`.
    public struct GradientOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Repeat the gradient past its end points.
        public static let `repeat` = GradientOptions(rawValue: 1 << 0)
        /// Repeat it mirrored (wins over `repeat`).
        public static let mirror = GradientOptions(rawValue: 1 << 1)
        /// Interpolate colours in linear light.
        public static let linearColor = GradientOptions(rawValue: 1 << 2)
    }

    /// The shading as this context paints it: `.foreground` becomes the context's foreground.
    public func resolve(_ shading: Shading) -> Shading {
        switch shading.kind {
        case .foreground: return Shading(foregroundPaint ?? .color(.primary))
        case .palette(let all): return all.first.map(resolve) ?? Shading(.paint(.color(.clear)))
        default: return shading
        }
    }

    /// Sets `shading` as the Cairo source; a `Paint` gradient spans `bounds` (current coordinates).
    func setSource(_ shading: Shading, bounds: CGRect, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            let pattern: OpaquePointer
            let gradient: Gradient, options: GradientOptions
            switch resolve(shading).kind {
            case .paint(let paint):
                return Self.setSource(paint, bounds: bounds, on: cairo)
            case .foreground, .palette:
                return
            case .linear(let g, let start, let end, let o):
                pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
                gradient = g
                options = o
            case .radial(let g, let center, let r0, let r1, let o):
                pattern = cairo_pattern_create_radial(center.x, center.y, r0, center.x, center.y, r1)
                gradient = g
                options = o
            case .conic(let g, let center, let angle, let o):
                pattern = Self.conicPattern(g, center: center, angle: angle.radians, reach: Self.farthestCorner(of: bounds, from: center), options: o)
                cairo_set_source(cr, pattern)
                cairo_pattern_destroy(pattern)
                return
            }
            for stop in Self.stops(of: gradient, linear: options.contains(.linearColor)) {
                cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), stop.color.red, stop.color.green,
                                                  stop.color.blue, stop.color.alpha)
            }
            cairo_pattern_set_extend(pattern, options.contains(.mirror) ? CAIRO_EXTEND_REFLECT
                                     : options.contains(.repeat) ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// The gradient's stops in order; in linear light, with stops in between so that Cairo's sRGB
    /// interpolation follows the linear-light blend.
    static func stops(of gradient: Gradient, linear: Bool) -> [Gradient.Stop] {
        let sorted = gradient.stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        guard linear, sorted.count > 1 else { return sorted }
        var result: [Gradient.Stop] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            for step in 0..<16 {
                let t = Double(step) / 16
                result.append(Gradient.Stop(color: a.color.mixedInLinearLight(with: b.color, by: t),
                                            location: a.location + (b.location - a.location) * t))
            }
        }
        result.append(sorted[sorted.count - 1])
        return result
    }

    /// The colour of `gradient` at `location`, interpolated in sRGB as Cairo does.
    static func color(of stops: [Gradient.Stop], at location: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        let next = stops.firstIndex { $0.location > location }!
        let a = stops[next - 1], b = stops[next]
        let t = (location - a.location) / Swift.max(b.location - a.location, 1e-12)
        return Color(red: a.color.red + (b.color.red - a.color.red) * t, green: a.color.green + (b.color.green - a.color.green) * t,
                     blue: a.color.blue + (b.color.blue - a.color.blue) * t, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * t)
    }

    /// A conic gradient as a Cairo mesh: thin sectors around the centre, each shading from its
    /// start angle's colour to its end angle's, reaching `reach` points out.
    private static func conicPattern(_ gradient: Gradient, center: CGPoint, angle: Double, reach: Double, options: GradientOptions) -> OpaquePointer {
        let stops = stops(of: gradient, linear: options.contains(.linearColor))
        let mesh = cairo_pattern_create_mesh()!
        let sectors = 128
        let r = Swift.max(reach, 1)
        func point(_ theta: Double) -> (Double, Double) { (center.x + r * cos(theta), center.y + r * sin(theta)) }
        func colour(_ fraction: Double) -> Color {
            var t = fraction
            if options.contains(.mirror) { t = t <= 0.5 ? 2 * t : 2 - 2 * t }
            return color(of: stops, at: t)
        }
        for i in 0..<sectors {
            let f0 = Double(i) / Double(sectors), f1 = Double(i + 1) / Double(sectors)
            let t0 = angle + 2 * .pi * f0, t1 = angle + 2 * .pi * f1
            // A quarter-circle-style cubic for the arc between t0 and t1.
            let k = 4.0 / 3.0 * tan((t1 - t0) / 4)
            let (x0, y0) = point(t0), (x3, y3) = point(t1)
            let c1 = (x0 - k * r * sin(t0), y0 + k * r * cos(t0)), c2 = (x3 + k * r * sin(t1), y3 - k * r * cos(t1))
            let a = colour(f0), b = colour(f1)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, center.x, center.y)
            cairo_mesh_pattern_line_to(mesh, x0, y0)
            cairo_mesh_pattern_curve_to(mesh, c1.0, c1.1, c2.0, c2.1, x3, y3)
            cairo_mesh_pattern_line_to(mesh, center.x, center.y)
            for (corner, c) in [(0, a), (1, a), (2, b), (3, b)] {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), c.red, c.green, c.blue, c.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }

    /// How far the farthest corner of `rect` lies from `point`.
    static func farthestCorner(of rect: CGRect, from point: CGPoint) -> Double {
        [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { hypot($0.0 - point.x, $0.1 - point.y) }.max() ?? 0
    }
}

