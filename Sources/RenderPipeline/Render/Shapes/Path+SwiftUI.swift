import Foundation

/// SwiftUI's `Path` API on our path: building with a closure, arcs, quadratic curves, rounded
/// rectangles with either corner style, transforms, the current point and hit testing.
///
/// Angles and arcs follow SwiftUI (and CoreGraphics) exactly: an angle is measured from the
/// positive x-axis towards the positive y-axis, and `clockwise` names the direction in a y-up
/// space. Our coordinates are y-down, as SwiftUI's, so `clockwise: false` sweeps with
/// increasing angle, which is clockwise on screen, and `clockwise: true` sweeps
/// counter-clockwise on screen, the well-known SwiftUI surprise that code written for iOS
/// relies on.
extension Path {
    /// Creates an empty path, then lets `callback` add its elements.
    public init(_ callback: (inout Path) -> ()) {
        self.init()
        callback(&self)
    }

    /// A rounded rectangle whose corners are `cornerSize.width` wide and
    /// `cornerSize.height` high.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    // MARK: Adding elements

    /// A quadratic Bézier curve from the current point, kept as a quadratic (`forEach` hands it
    /// out as `.quadCurve`, as SwiftUI's does).
    ///
    /// Without a current point the curve starts at `control`, as Cairo does for curves.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: end, control: control))
    }

    /// Connected straight lines through `lines`: a move to the first point, then a line to each
    /// of the others.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    /// A closed rectangular subpath, its corners mapped through `transform`.
    ///
    /// Like CoreGraphics it starts at (minX, minY) and runs towards (maxX, minY).
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        move(to: CGPoint(x: rect.minX, y: rect.minY).applying(transform))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY).applying(transform))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY).applying(transform))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY).applying(transform))
        closeSubpath()
    }

    /// A closed rectangular subpath for each of `rects`.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The ellipse inscribed in `rect`, mapped through `transform`.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        addPath(Path(ellipseIn: rect), transform: transform)
    }

    /// A closed rounded rectangle, its corners `cornerSize` wide and high, mapped through
    /// `transform`.
    ///
    /// Corners too big for the rectangle are scaled down, keeping their proportions, until
    /// they reach the middle of an edge: a large radius makes a capsule, as in SwiftUI.
    ///
    /// It starts at the middle of the right edge and runs towards the bottom-right corner, the
    /// same turning direction as `addRect` and `addEllipse`. See `RoundedCornerStyle.continuous`
    /// for how continuous corners are drawn.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let rect = rect.standardized
        let requested = CGSize(width: max(cornerSize.width, 0), height: max(cornerSize.height, 0))
        guard requested.width > 0, requested.height > 0, rect.width > 0, rect.height > 0 else {
            return addRect(rect, transform: transform)
        }
        let fit = min(1, rect.width / 2 / requested.width, rect.height / 2 / requested.height)
        let rw = requested.width * fit, rh = requested.height * fit
        let smoothing: CGFloat
        switch style {
        case .circular: smoothing = 0
        case .continuous:
            // Shorten the transitions when the edges are too short to hold them, so the corner
            // reaches at most the middle of each edge.
            smoothing = max(0, min(Self.continuousSmoothing, rect.width / (2 * rw) - 1, rect.height / (2 * rh) - 1))
        }
        let outline = Self.cornerOutline(smoothing: smoothing)
        let corners = RectangleCorner.clockwiseFromBottomRight(of: rect, radii: { _ in (rw, rh) })
        var last = CGPoint(x: rect.maxX, y: rect.midY).applying(transform)
        move(to: last)
        for corner in corners {
            last = appendCorner(corner, outline: outline, after: last, transform: transform)
        }
        closeSubpath()
    }

    /// An arc of the circle around `center` from `startAngle` to `endAngle`, mapped through
    /// `transform`, preceded by a line from the current point to the arc's start (or a move, on
    /// an empty path).
    ///
    /// `clockwise` is in SwiftUI's y-up sense: `false` sweeps towards increasing angles, which on
    /// our y-down canvas is clockwise on screen; `true` sweeps the other way. An end angle
    /// behind the start in the sweep's direction is reached by going round; a sweep of 360° or
    /// more, or of a whole number of turns backwards, is one full circle. The arc is stored as
    /// cubic segments of at most 90° each.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        let turn = 2 * Double.pi
        // Degrees converted to radians are a few ulps off whole turns: treat those as whole.
        let tolerance = 1e-9
        let sweep = clockwise ? startAngle.radians - endAngle.radians : endAngle.radians - startAngle.radians
        var span: Double
        if sweep == 0 {
            span = 0
        } else if sweep >= turn - tolerance {
            span = turn
        } else {
            span = sweep.truncatingRemainder(dividingBy: turn)
            if span < 0 { span += turn }
            if span < tolerance || span > turn - tolerance { span = turn }
        }
        appendArc(center: center, radius: radius, start: startAngle.radians, delta: clockwise ? -span : span,
                  transform: transform)
    }

    /// An arc of the circle around `center` starting at `startAngle` and sweeping `delta`,
    /// mapped through `transform`, preceded by a line from the current point (or a move).
    ///
    /// A positive `delta` sweeps towards increasing angles: counter-clockwise in SwiftUI's y-up
    /// terms, clockwise on our y-down canvas, as `addArc(…clockwise: false…)`.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        appendArc(center: center, radius: radius, start: startAngle.radians, delta: delta.radians, transform: transform)
    }

    /// A rounded corner between two tangent lines, as SwiftUI's and CoreGraphics'
    /// `addArc(tangent1End:tangent2End:radius:transform:)`: the arc of `radius` touching both the
    /// line from the current point to `tangent1End` and the line from `tangent1End` to
    /// `tangent2End`, preceded by a line from the current point to where the arc starts.
    ///
    /// The current point is taken back through `transform` so the tangents are found where the
    /// arc is built. With no current point nothing is added; when the three points are in line
    /// or `radius` is zero, a line to `tangent1End` is added, as CoreGraphics does.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let current = currentPoint else { return }
        let p0 = current.applying(transform.inverted())
        let v1 = CGVector(dx: p0.x - tangent1End.x, dy: p0.y - tangent1End.y)
        let v2 = CGVector(dx: tangent2End.x - tangent1End.x, dy: tangent2End.y - tangent1End.y)
        let l1 = hypot(v1.dx, v1.dy), l2 = hypot(v2.dx, v2.dy)
        guard radius > 0, l1 > 0, l2 > 0 else { return addLine(to: tangent1End.applying(transform)) }
        let u1 = CGVector(dx: v1.dx / l1, dy: v1.dy / l1), u2 = CGVector(dx: v2.dx / l2, dy: v2.dy / l2)
        let cross = u1.dx * u2.dy - u1.dy * u2.dx, dot = u1.dx * u2.dx + u1.dy * u2.dy
        guard abs(cross) > 1e-12 else { return addLine(to: tangent1End.applying(transform)) }
        // θ is the angle at tangent1End between the two legs; the circle touches both legs
        // r / tan(θ/2) from the corner and its centre lies on the bisector r / sin(θ/2) away.
        let half = atan2(abs(cross), dot) / 2
        let reach = Double(radius) / tan(half), centreDistance = Double(radius) / sin(half)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisectorLength = hypot(bisector.dx, bisector.dy)
        let center = CGPoint(x: tangent1End.x + bisector.dx / bisectorLength * centreDistance,
                             y: tangent1End.y + bisector.dy / bisectorLength * centreDistance)
        let a = CGPoint(x: tangent1End.x + u1.dx * reach, y: tangent1End.y + u1.dy * reach)
        let b = CGPoint(x: tangent1End.x + u2.dx * reach, y: tangent1End.y + u2.dy * reach)
        let start = atan2(a.y - center.y, a.x - center.x)
        var delta = atan2(b.y - center.y, b.x - center.x) - start
        // The arc is the short way round: less than a half turn.
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        appendArc(center: center, radius: radius, start: start, delta: delta, transform: transform)
    }

    /// Appends the elements of `path`, mapped through `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p.applying(transform))
            case .line(let p): addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): elements.append(.quadCurve(to: p.applying(transform), control: c.applying(transform)))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    // MARK: Derived paths

    /// This path with every point mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var path = Path()
        path.addPath(self, transform: transform)
        return path
    }

    /// This path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    // MARK: Queries

    /// Where the next element would start: the end of the last element, or the start of the
    /// subpath just closed; `nil` for an empty path.
    public var currentPoint: CGPoint? {
        var subpathStart: CGPoint?
        var current: CGPoint?
        for element in elements {
            switch element {
            case .move(let p):
                subpathStart = p
                current = p
            case .line(let p):
                // With no current point a line starts a subpath at its end, and a curve at its
                // first control point, as in Cairo.
                if current == nil { subpathStart = p }
                current = p
            case .quadCurve(let p, let c):
                if current == nil { subpathStart = c }
                current = p
            case .curve(let p, let c1, _):
                if current == nil { subpathStart = c1 }
                current = p
            case .closeSubpath:
                current = subpathStart
            }
        }
        return current
    }

    /// Calls `body` with each element of the path in order, as SwiftUI's `forEach(_:)`.
    public func forEach(_ body: (Path.Element) -> Void) {
        elements.forEach(body)
    }

    /// Whether `point` is inside the filled path, by the nonzero winding rule or, with
    /// `eoFill`, the even-odd rule. Open subpaths count as closed, as when filling; curves are
    /// flattened to within about a twentieth of a unit.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        var winding = 0, crossings = 0
        for polygon in flattenedSubpaths() where polygon.count > 2 {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                // Half-open in y so a vertex on the ray is counted once.
                if (a.y <= point.y) != (b.y <= point.y) {
                    let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if x > point.x {
                        crossings += 1
                        winding += b.y > a.y ? 1 : -1
                    }
                }
                a = b
            }
        }
        return eoFill ? crossings % 2 == 1 : winding != 0
    }

    // MARK: Helpers

    /// How far continuous corners reach along each edge beyond a circular corner, in radii:
    /// 1.528665 radii in all, the extent reverse-engineered from iOS's rounded rectangles.
    static let continuousSmoothing: CGFloat = 0.528665

    /// One rounded corner for a corner radius of 1 in (s, t) coordinates: s radii back from the
    /// corner point along the incoming edge, t radii along the outgoing one; the corner's circle
    /// is centred on (1, 1).
    ///
    /// With `smoothing` ξ the corner starts at s = 1 + ξ. A cubic with all of its first three
    /// points on the edge (zero curvature there) runs to the circle at θ = 45°·ξ from the edge's
    /// tangent point, tangent to it and with its curvature; the circle continues to 90° − θ, and
    /// the mirror image of the first cubic runs to the outgoing edge at t = 1 + ξ.
    static func cornerOutline(smoothing: CGFloat) -> (start: CGPoint, curves: [(to: CGPoint, control1: CGPoint, control2: CGPoint)]) {
        let theta = Double(smoothing) * .pi / 4
        func onCircle(_ phi: Double) -> CGPoint { CGPoint(x: 1 - sin(phi), y: 1 - cos(phi)) }
        func tangent(_ phi: Double) -> CGVector { CGVector(dx: -cos(phi), dy: sin(phi)) }
        let arcStart = theta, arcEnd = .pi / 2 - theta
        // One cubic for the circular middle, which spans at most 90°.
        let k = 4.0 / 3 * tan((arcEnd - arcStart) / 4)
        let a = onCircle(arcStart), b = onCircle(arcEnd), ta = tangent(arcStart), tb = tangent(arcEnd)
        let arc = (to: b, control1: CGPoint(x: a.x + k * ta.dx, y: a.y + k * ta.dy),
                   control2: CGPoint(x: b.x - k * tb.dx, y: b.y - k * tb.dy))
        guard theta > 1e-9 else { return (a, [arc]) }
        // The transition's last control is where the circle's tangent at θ meets the edge
        // (tan(θ/2) from the circle); the one before is placed so the curvatures match:
        // κ = 2/3 · |P1P2| · h / |P2P3|³ = 1 with h = 1 − cos θ the height of P3 over the edge.
        let half = theta / 2
        let p2 = 1 - sin(theta) + tan(half) * cos(theta)
        let p1 = p2 + 0.75 * tan(half) / (cos(half) * cos(half))
        let extent = 1 + Double(smoothing)
        let enter = (to: a, control1: CGPoint(x: p1, y: 0), control2: CGPoint(x: p2, y: 0))
        let leave = (to: CGPoint(x: 0, y: extent), control1: CGPoint(x: 0, y: p2), control2: CGPoint(x: 0, y: p1))
        return (CGPoint(x: extent, y: 0), [enter, arc, leave])
    }

    /// Appends an arc of `delta` radians from angle `start` as cubic segments of at most 90°,
    /// after a line (or a move, on an empty path) to its start.
    private mutating func appendArc(center: CGPoint, radius: CGFloat, start: Double, delta: Double,
                                    transform: CGAffineTransform) {
        let r = Double(radius)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: Double(center.x) + r * cos(angle), y: Double(center.y) + r * sin(angle))
        }
        let first = point(start).applying(transform)
        if let current = currentPoint {
            if current != first { addLine(to: first) }
        } else {
            move(to: first)
        }
        guard delta != 0, delta.isFinite else { return }
        // The small tolerance keeps an exact 90° or 360° from rounding up to an extra segment.
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3 * tan(step / 4) * r
        for index in 0..<count {
            let from = start + step * Double(index), to = index == count - 1 ? start + delta : from + step
            let p0 = point(from), p1 = point(to)
            addCurve(to: p1.applying(transform),
                     control1: CGPoint(x: p0.x - k * sin(from), y: p0.y + k * cos(from)).applying(transform),
                     control2: CGPoint(x: p1.x + k * sin(to), y: p1.y - k * cos(to)).applying(transform))
        }
    }

    /// The path as closed polygons, curves flattened to within a twentieth of a unit, for hit
    /// testing.
    private func flattenedSubpaths() -> [[CGPoint]] {
        subpaths().map { $0.polyline(tolerance: 0.05).points }
    }
}
