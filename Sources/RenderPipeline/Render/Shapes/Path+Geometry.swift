import Foundation

/// A cubic Bézier curve by its four points: the one form the path geometry (bounds, length,
/// flattening, splitting) works on. Lines and quadratics become the exactly equal cubic.
struct CubicBezier: Sendable {
    var p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    /// The cubic equal to the quadratic from `start` through `control` to `end` (degree
    /// elevation: the controls lie two thirds of the way from each end to the quadratic's).
    init(quadraticFrom start: CGPoint, control: CGPoint, to end: CGPoint) {
        self.init(start, Self.mix(start, control, 2.0 / 3), Self.mix(end, control, 2.0 / 3), end)
    }

    static func mix(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
        return CGPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                       y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    /// The part of the curve between parameters `t0` and `t1`, exactly (de Casteljau).
    func portion(from t0: Double, to t1: Double) -> CubicBezier {
        var curve = self
        if t1 < 1 { curve = curve.split(at: t1).0 }
        if t0 > 0 { curve = curve.split(at: t1 > 0 ? t0 / t1 : 0).1 }
        return curve
    }

    func split(at t: Double) -> (CubicBezier, CubicBezier) {
        let a = Self.mix(p0, p1, t), b = Self.mix(p1, p2, t), c = Self.mix(p2, p3, t)
        let d = Self.mix(a, b, t), e = Self.mix(b, c, t), f = Self.mix(d, e, t)
        return (CubicBezier(p0, a, d, f), CubicBezier(f, e, c, p3))
    }

    /// Calls `body` with each point strictly inside the curve where it turns in x or in y: with
    /// the end points they bound it exactly.
    func forEachExtreme(_ body: (CGPoint) -> Void) {
        // B'(t)/3 = a·t² + b·t + c per coordinate.
        func roots(_ q0: Double, _ q1: Double, _ q2: Double, _ q3: Double) {
            let a = -q0 + 3 * q1 - 3 * q2 + q3, b = 2 * (q0 - 2 * q1 + q2), c = q1 - q0
            let scale = max(abs(a), abs(b), abs(c))
            guard scale > 0 else { return }
            func found(_ t: Double) { if t > 0 && t < 1 { body(point(at: t)) } }
            if abs(a) < 1e-12 * scale {
                if abs(b) >= 1e-12 * scale { found(-c / b) }
                return
            }
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { return }
            let root = discriminant.squareRoot()
            found((-b + root) / (2 * a))
            found((-b - root) / (2 * a))
        }
        roots(p0.x, p1.x, p2.x, p3.x)
        roots(p0.y, p1.y, p2.y, p3.y)
    }

    /// How many equal parameter steps keep a polyline within `tolerance` of the curve (Wang's
    /// bound), and each step turning by at most `maxTurn` radians.
    func stepCount(tolerance: Double, maxTurn: Double = .pi) -> Int {
        func secondDifference(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Double {
            hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y)
        }
        let m = max(secondDifference(p0, p1, p2), secondDifference(p1, p2, p3))
        var count = (0.75 * m / tolerance).squareRoot().rounded(.up)
        if maxTurn < .pi {
            // The control polygon turns at least as much as the curve.
            // Typed, so the literal is not inferred through CGFloat's conversions (150 ms of type-checking).
            let allLegs: [(CGFloat, CGFloat)] = [(p1.x - p0.x, p1.y - p0.y), (p2.x - p1.x, p2.y - p1.y), (p3.x - p2.x, p3.y - p2.y)]
            let legs = allLegs.filter { $0.0 != 0 || $0.1 != 0 }
            var turn = 0.0
            for (a, b) in zip(legs, legs.dropFirst()) {
                turn += abs(atan2(a.0 * b.1 - a.1 * b.0, a.0 * b.0 + a.1 * b.1))
            }
            count = max(count, (turn / maxTurn).rounded(.up))
        }
        return Int(min(max(count, 1), 1024))
    }

    /// The curve's points at `count` equal parameter steps, without its start point.
    func flattened(steps count: Int) -> [CGPoint] {
        (1...count).map { $0 == count ? p3 : point(at: Double($0) / Double(count)) }
    }
}

/// One drawn segment of a path with its start point resolved.
enum PathSegment: Sendable {
    case line(CGPoint, CGPoint)
    case quad(CGPoint, control: CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    var start: CGPoint {
        switch self {
        case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a
        }
    }

    var end: CGPoint {
        switch self {
        case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b
        }
    }

    /// The segment as a curve, `nil` for a line.
    var curve: CubicBezier? {
        switch self {
        case .line: return nil
        case .quad(let a, let c, let b): return CubicBezier(quadraticFrom: a, control: c, to: b)
        case .cubic(let a, let c1, let c2, let b): return CubicBezier(a, c1, c2, b)
        }
    }

    /// The part between parameters `t0` and `t1`, of the same kind: a quadratic stays one.
    func portion(from t0: Double, to t1: Double) -> PathSegment {
        switch self {
        case .line(let a, let b):
            return .line(t0 == 0 ? a : CubicBezier.mix(a, b, t0), t1 == 1 ? b : CubicBezier.mix(a, b, t1))
        case .quad(let a, let c, let b):
            // A quadratic's portion: its ends on the curve, its control where their tangents meet,
            // which is the blossom q(t0, t1).
            func at(_ t: Double) -> CGPoint { CubicBezier.mix(CubicBezier.mix(a, c, t), CubicBezier.mix(c, b, t), t) }
            let control = CubicBezier.mix(CubicBezier.mix(a, c, t0), CubicBezier.mix(c, b, t0), t1)
            return .quad(t0 == 0 ? a : at(t0), control: control, t1 == 1 ? b : at(t1))
        case .cubic(let a, let c1, let c2, let b):
            let part = CubicBezier(a, c1, c2, b).portion(from: t0, to: t1)
            return .cubic(t0 == 0 ? a : part.p0, part.p1, part.p2, t1 == 1 ? b : part.p3)
        }
    }

    /// Cumulative lengths at equal parameter steps (the first is 0), measured on a polyline
    /// within a hundredth of a unit of the curve.
    var lengthTable: [Double] {
        guard let curve else { return [0, hypot(end.x - start.x, end.y - start.y)] }
        var table = [0.0]
        var previous = curve.p0
        for point in curve.flattened(steps: curve.stepCount(tolerance: 0.01)) {
            table.append(table[table.count - 1] + hypot(point.x - previous.x, point.y - previous.y))
            previous = point
        }
        return table
    }

    /// The parameter at which `length` along the segment is reached, from its `lengthTable`.
    static func parameter(atLength length: Double, in table: [Double]) -> Double {
        let total = table[table.count - 1]
        guard length > 0, total > 0 else { return 0 }
        guard length < total else { return 1 }
        var low = 0, high = table.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] <= length { low = middle } else { high = middle }
        }
        let step = table[high] - table[low]
        let fraction = step > 0 ? (length - table[low]) / step : 0
        return (Double(low) + fraction) / Double(table.count - 1)
    }
}

/// A subpath: where it starts, its segments in order and whether it is closed.
struct Subpath: Sendable {
    var start: CGPoint
    var segments: [PathSegment] = []
    var isClosed = false
    /// Whether the last segment is the line `closeSubpath` draws back to the start.
    var endsWithClosingLine = false

    /// The subpath as a polyline, curves in equal parameter steps within `tolerance` (and
    /// turning at most `maxTurn` a step); `corners` says which points join two segments or end
    /// the subpath (not points inside a curve).
    func polyline(tolerance: Double, maxTurn: Double = .pi) -> (points: [CGPoint], corners: [Bool]) {
        var points = [start], corners = [true]
        for segment in segments {
            if let curve = segment.curve {
                let flat = curve.flattened(steps: curve.stepCount(tolerance: tolerance, maxTurn: maxTurn))
                points += flat
                corners += flat.indices.map { $0 == flat.count - 1 }
            } else {
                points.append(segment.end)
                corners.append(true)
            }
        }
        return (points, corners)
    }
}

extension Path {
    /// The path's subpaths with every segment's start point resolved, following Cairo and
    /// CoreGraphics: a line or curve with no current point starts a subpath (a line at its end, a
    /// cubic at its first control point, a quadratic at its control point), and one after a
    /// close starts a new subpath where the closed one started.
    func subpaths() -> [Subpath] {
        var result: [Subpath] = []
        var subpath: Subpath?
        var current: CGPoint?
        func finish() {
            if let subpath { result.append(subpath) }
            subpath = nil
        }
        func begin(at point: CGPoint) -> CGPoint {
            let start = current ?? point
            if subpath == nil || subpath!.isClosed {
                finish()
                subpath = Subpath(start: start)
            }
            return start
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                subpath = Subpath(start: p)
                current = p
            case .line(let p):
                let start = begin(at: p)
                if current != nil { subpath!.segments.append(.line(start, p)) }
                current = p
            case .quadCurve(let p, let c):
                let start = begin(at: c)
                subpath!.segments.append(.quad(start, control: c, p))
                current = p
            case .curve(let p, let c1, let c2):
                let start = begin(at: c1)
                subpath!.segments.append(.cubic(start, c1, c2, p))
                current = p
            case .closeSubpath:
                guard var open = subpath, !open.isClosed, let point = current else { break }
                if point != open.start {
                    open.segments.append(.line(point, open.start))
                    open.endsWithClosingLine = true
                }
                open.isClosed = true
                subpath = open
                current = open.start
            }
        }
        finish()
        return result
    }
}
