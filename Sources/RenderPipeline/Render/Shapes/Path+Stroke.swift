import Foundation

extension Path {
    /// A path whose fill covers what stroking this path with `style` covers, as SwiftUI's
    /// `strokedPath(_:)`: fill it, hit-test it with `contains`, measure it with `boundingRect`.
    ///
    /// Built in plain geometry: curves are flattened (within a twentieth of a unit, finer for
    /// wide strokes so the outside of a bend stays smooth), dashes are cut from the flattened
    /// line, and each straight piece, join and cap becomes its own closed subpath, all turning
    /// the same way, so the nonzero fill of the result is their union. Unlike CoreGraphics'
    /// single outline, the pieces overlap: fill the result with the nonzero rule (the default),
    /// not even-odd. Joins and caps follow `style` as Cairo and CoreGraphics draw them; points
    /// inside a flattened curve get a miter (a round join at a cusp), which keeps the outline
    /// smooth. A closed subpath cut by a dash pattern has caps, not a join, where
    /// it started.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let half = Double(style.lineWidth) / 2
        guard half > 0, half.isFinite else { return Path() }
        var outline = StrokeOutline(half: half, style: style)
        // Each step of a flattened curve turns little enough that the outer edge of a wide
        // stroke stays within the tolerance too.
        let tolerance = 0.05
        let maxTurn = 2 * acos(max(0, 1 - tolerance / max(half, tolerance)))
        let dash = StrokeDash(style)
        for subpath in subpaths() {
            let line = subpath.polyline(tolerance: tolerance, maxTurn: maxTurn)
            let whole = StrokePiece(points: line.points, corners: line.corners, isClosed: subpath.isClosed)
            for piece in dash.map({ $0.cut(whole) }) ?? [whole] { outline.add(piece) }
        }
        return outline.path
    }
}

/// A polyline to stroke: a subpath flattened, or a dash of one.
struct StrokePiece {
    var points: [CGPoint]
    /// Which points join two of the original segments (rather than lie inside a curve).
    var corners: [Bool]
    var isClosed: Bool
    /// The direction of travel where a piece is a single point (a zero-length dash), for its caps.
    var direction = CGVector(dx: 1, dy: 0)
}

/// A stroke's dash pattern, laid along polylines as Cairo and CoreGraphics lay it: from
/// `dashPhase` into the pattern, restarting at each subpath; an odd count of lengths repeats.
struct StrokeDash {
    let lengths: [Double]
    let phase: Double

    /// The pattern of `style`, `nil` for a solid line (no lengths, a negative one, or all zero).
    init?(_ style: StrokeStyle) {
        var lengths = style.dash.map(Double.init)
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        if lengths.count % 2 == 1 { lengths += lengths }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return nil }
        self.lengths = lengths
        let phase = Double(style.dashPhase).truncatingRemainder(dividingBy: total)
        self.phase = phase < 0 ? phase + total : phase
    }

    /// The "on" stretches of `piece`: open pieces, single points for zero-length dashes, or
    /// the piece itself when one dash covers all of it.
    func cut(_ piece: StrokePiece) -> [StrokePiece] {
        var points = piece.points, corners = piece.corners
        if piece.isClosed, let first = points.first {
            points.append(first)
            corners.append(true)
        }
        // Where the pattern starts: which dash, and how much of it is left.
        // A zero-length dash at the phase is kept (a dot at the start); a dash the phase ends
        // exactly at is passed.
        var index = 0, left = lengths[0], skip = phase
        while skip > left || (skip == left && left > 0) {
            skip -= left
            index = (index + 1) % lengths.count
            left = lengths[index]
        }
        left -= skip
        var on = index % 2 == 0
        var result: [StrokePiece] = []
        var current: StrokePiece? = on ? StrokePiece(points: [points[0]], corners: [true], isClosed: false) : nil
        var wasCut = false
        for k in 0..<max(points.count - 1, 0) {
            let a = points[k], b = points[k + 1]
            let length = hypot(b.x - a.x, b.y - a.y)
            let direction = length > 0 ? CGVector(dx: (b.x - a.x) / length, dy: (b.y - a.y) / length) : CGVector(dx: 1, dy: 0)
            var position = 0.0
            while length - position > left {
                position += left
                let q = CGPoint(x: a.x + direction.dx * position, y: a.y + direction.dy * position)
                if on, var finished = current {
                    finished.points.append(q)
                    finished.corners.append(true)
                    finished.direction = direction
                    result.append(finished)
                    current = nil
                } else {
                    current = StrokePiece(points: [q], corners: [true], isClosed: false, direction: direction)
                }
                wasCut = true
                on.toggle()
                index = (index + 1) % lengths.count
                left = lengths[index]
            }
            left -= length - position
            if on {
                current?.points.append(b)
                current?.corners.append(corners[k + 1])
                current?.direction = direction
            }
        }
        if var last = current {
            if !wasCut {
                // One dash covers the whole piece: it keeps its joins, and its closure.
                return [piece]
            }
            last.corners[last.corners.count - 1] = true
            result.append(last)
        }
        return result
    }
}

/// The pieces of a stroke's outline, each a closed subpath turning the same way (positive area
/// in y-down coordinates, as `addEllipse` turns), so their nonzero fill is the union.
struct StrokeOutline {
    let half: Double
    let style: StrokeStyle
    var path = Path()

    init(half: Double, style: StrokeStyle) {
        self.half = half
        self.style = style
    }

    mutating func add(_ piece: StrokePiece) {
        // Repeated points have no direction; a corner flag survives on the point kept.
        var points: [CGPoint] = [], corners: [Bool] = []
        for (point, corner) in zip(piece.points, piece.corners) {
            if let last = points.last, last == point {
                corners[corners.count - 1] = corners[corners.count - 1] || corner
            } else {
                points.append(point)
                corners.append(corner)
            }
        }
        if piece.isClosed, points.count > 1, points.first == points.last {
            points.removeLast()
            corners[0] = corners[0] || corners.removeLast()
        }
        guard let first = points.first else { return }
        if points.count == 1 {
            // A zero-length piece: round and square caps still draw a dot, as in Cairo.
            cap(at: first, direction: piece.direction)
            if style.lineCap == .square {
                cap(at: first, direction: CGVector(dx: -piece.direction.dx, dy: -piece.direction.dy))
            }
            return
        }
        let closed = piece.isClosed
        let count = points.count
        let segmentCount = closed ? count : count - 1
        var directions: [CGVector] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let length = hypot(b.x - a.x, b.y - a.y)
            let d = CGVector(dx: (b.x - a.x) / length, dy: (b.y - a.y) / length)
            directions.append(d)
            let n = normal(d)
            polygon([offset(a, n, half), offset(b, n, half), offset(b, n, -half), offset(a, n, -half)])
        }
        for i in 0..<count {
            let incoming: CGVector, outgoing: CGVector
            if closed {
                incoming = directions[(i + segmentCount - 1) % segmentCount]
                outgoing = directions[i]
            } else {
                guard i > 0, i < count - 1 else { continue }
                incoming = directions[i - 1]
                outgoing = directions[i]
            }
            join(at: points[i], incoming: incoming, outgoing: outgoing, isCorner: corners[i])
        }
        if !closed {
            let start = directions[0], end = directions[directions.count - 1]
            cap(at: points[0], direction: CGVector(dx: -start.dx, dy: -start.dy))
            cap(at: points[count - 1], direction: end)
        }
    }

    /// The left-hand normal of a direction.
    private func normal(_ d: CGVector) -> CGVector { CGVector(dx: -d.dy, dy: d.dx) }

    private func offset(_ p: CGPoint, _ v: CGVector, _ distance: Double) -> CGPoint {
        CGPoint(x: p.x + v.dx * distance, y: p.y + v.dy * distance)
    }

    /// The wedge that fills the outside of the turn at `p` between two segments.
    private mutating func join(at p: CGPoint, incoming d0: CGVector, outgoing d1: CGVector, isCorner: Bool) {
        let cross = d0.dx * d1.dy - d0.dy * d1.dx, dot = d0.dx * d1.dx + d0.dy * d1.dy
        guard abs(cross) > 1e-12 || dot < 0 else { return }
        // The outer side is the one the path turns away from.
        let side = cross > 0 ? -1.0 : 1.0
        let n0 = normal(d0), n1 = normal(d1)
        let a = offset(p, n0, side * half), b = offset(p, n1, side * half)
        // cos of half the turn: the miter reaches half / that from the point.
        let cosHalfTurn = ((1 + dot) / 2).squareRoot()
        let miterFits = cosHalfTurn > 1e-9 && 1 / cosHalfTurn <= Double(style.miterLimit)
        // Inside a flattened curve the steps turn little, and a miter there is the exact offset
        // of the polyline; only a sharp turn (a cusp) is rounded.
        let kind: CGLineJoin = isCorner ? style.lineJoin : (cosHalfTurn > 0.5 ? .miter : .round)
        switch kind {
        case .round:
            circle(at: p)
        case .miter where miterFits || !isCorner:
            let bisector = CGVector(dx: side * (n0.dx + n1.dx), dy: side * (n0.dy + n1.dy))
            let length = hypot(bisector.dx, bisector.dy)
            let tip = CGPoint(x: p.x + bisector.dx / length * half / cosHalfTurn,
                              y: p.y + bisector.dy / length * half / cosHalfTurn)
            polygon([p, a, tip, b])
        default:
            polygon([p, a, b])
        }
    }

    /// The cap at an end of an open piece, `direction` pointing out of the piece.
    private mutating func cap(at p: CGPoint, direction d: CGVector) {
        switch style.lineCap {
        case .round:
            circle(at: p)
        case .square:
            let n = normal(d)
            let out = offset(p, d, half)
            polygon([offset(p, n, half), offset(out, n, half), offset(out, n, -half), offset(p, n, -half)])
        default:
            break
        }
    }

    private mutating func circle(at p: CGPoint) {
        path.addEllipse(in: CGRect(x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half))
    }

    /// Adds a closed polygon turning the positive way; one with no area adds nothing.
    private mutating func polygon(_ points: [CGPoint]) {
        var area = 0.0
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) { area += a.x * b.y - b.x * a.y }
        guard abs(area) > 1e-12 else { return }
        let ordered = area > 0 ? points : points.reversed()
        path.move(to: ordered[0])
        for point in ordered.dropFirst() { path.addLine(to: point) }
        path.closeSubpath()
    }
}
