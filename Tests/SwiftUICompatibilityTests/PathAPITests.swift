import Foundation
import RenderPipeline
import Testing

/// SwiftUI's `Path` API as SwiftUI code calls it: bounds, hit testing, trimming, stroking,
/// transforms and walking the elements.
@Suite struct PathAPITests {
    func near(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    func near(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }

    /// The path's length, walking its elements with `forEach` and sampling curves finely: an
    /// independent measure of what `trimmedPath` cuts.
    func length(of path: Path) -> Double {
        var total = 0.0
        var current = CGPoint.zero, start = CGPoint.zero
        func walk(_ point: (Double) -> CGPoint) {
            var previous = current
            for i in 1...2000 {
                let p = point(Double(i) / 2000)
                total += hypot(p.x - previous.x, p.y - previous.y)
                previous = p
            }
        }
        path.forEach { element in
            switch element {
            case .move(let p):
                current = p
                start = p
            case .line(let p):
                total += hypot(p.x - current.x, p.y - current.y)
                current = p
            case .quadCurve(let p, let c):
                let a = current
                walk { t in
                    CGPoint(x: (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * c.x + t * t * p.x,
                            y: (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * c.y + t * t * p.y)
                }
                current = p
            case .curve(let p, let c1, let c2):
                let a = current
                walk { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                                   y: u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y)
                }
                current = p
            case .closeSubpath:
                total += hypot(start.x - current.x, start.y - current.y)
                current = start
            }
        }
        return total
    }

    // MARK: Bounds

    @Test func boundingRectHugsArcsAndCurvesNotTheirControlPoints() {
        // From 45° to 135° (y down): the arc's lowest point is straight below the centre, at
        // y = 10; its control points reach y ≈ 10.97.
        var arc = Path()
        arc.addArc(center: .zero, radius: 10, startAngle: .degrees(45), endAngle: .degrees(135), clockwise: false)
        let s = 10 / 2.0.squareRoot()
        #expect(near(arc.boundingRect, CGRect(x: -s, y: s, width: 2 * s, height: 10 - s), within: 1e-9))

        let curve = Path { path in
            path.move(to: .zero)
            path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        }
        #expect(near(curve.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 75), within: 1e-9))
        #expect(Path().boundingRect.isNull)
    }

    // MARK: Hit testing

    @Test func containsFollowsTheFillRule() {
        // Two squares turning the same way: the inner one winds twice (nonzero: inside) and is
        // crossed twice (even-odd: a hole).
        let nested = Path { path in
            path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
            path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        }
        let middle = CGPoint(x: 50, y: 50), ring = CGPoint(x: 10, y: 50)
        #expect(nested.contains(middle))
        #expect(!nested.contains(middle, eoFill: true))
        #expect(nested.contains(ring) && nested.contains(ring, eoFill: true))
        #expect(!nested.contains(CGPoint(x: 150, y: 50)))

        // The inner square turning the other way cancels the winding: a hole either way.
        let reversed = Path { path in
            path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
            path.addLines([CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
            path.closeSubpath()
        }
        #expect(!reversed.contains(middle))
        #expect(reversed.contains(ring))

        // Curves count by their outline: a circle's corner region is outside.
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.contains(CGPoint(x: 50, y: 2)))
        #expect(!circle.contains(CGPoint(x: 5, y: 5)))
    }

    // MARK: Trimming

    @Test func trimmedPathCutsByLength() {
        let corner = Path { path in
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 100))
        }
        let firstHalf = corner.trimmedPath(from: 0, to: 0.5)
        #expect(near(firstHalf.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 0)))
        #expect(near(firstHalf.currentPoint!, CGPoint(x: 100, y: 0)))
        let middle = corner.trimmedPath(from: 0.25, to: 0.75)
        var elements: [Path.Element] = []
        middle.forEach { elements.append($0) }
        #expect(elements == [.move(to: CGPoint(x: 50, y: 0)), .line(to: CGPoint(x: 100, y: 0)), .line(to: CGPoint(x: 100, y: 50))])
        #expect(corner.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(corner.trimmedPath(from: 0.8, to: 0.2).isEmpty)
        #expect(corner.trimmedPath(from: 0, to: 1) == corner)
    }

    @Test func trimmedCirclesSplitTheirCurvesAtHalfTheLength() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let whole = length(of: circle)
        #expect(abs(whole - 100 * Double.pi) < 0.1)
        // Ellipses start at the right and run with increasing angle (down, on screen).
        let half = circle.trimmedPath(from: 0, to: 0.5)
        #expect(abs(length(of: half) - whole / 2) < 0.01)
        #expect(near(half.currentPoint!, CGPoint(x: 0, y: 50), within: 0.01))
        #expect(near(half.boundingRect, CGRect(x: 0, y: 50, width: 100, height: 50), within: 0.01))
        // A third, from a sixth: cut inside curves at both ends, and still curves.
        let third = circle.trimmedPath(from: 1.0 / 6, to: 0.5)
        #expect(abs(length(of: third) - whole / 3) < 0.01)
        var curves = 0
        third.forEach { if case .curve = $0 { curves += 1 } }
        #expect(curves >= 2)
        // The start of a sixth of the way round: 60° from the right.
        var start: CGPoint?
        third.forEach { if case .move(let p) = $0, start == nil { start = p } }
        #expect(near(start!, CGPoint(x: 50 + 50 * cos(Double.pi / 3), y: 50 + 50 * sin(Double.pi / 3)), within: 0.05))
        // A closed subpath wholly in range stays closed.
        var closes = 0
        Path { path in
            path.addPath(circle)
            path.move(to: CGPoint(x: 200, y: 0))
            path.addLine(to: CGPoint(x: 300, y: 0))
        }.trimmedPath(from: 0, to: 0.99).forEach { if case .closeSubpath = $0 { closes += 1 } }
        #expect(closes == 1)
    }

    @Test func trimmedQuadraticsStayQuadratic() {
        let quad = Path { path in
            path.move(to: .zero)
            path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        }
        let half = quad.trimmedPath(from: 0, to: 0.5)
        var last: Path.Element?
        half.forEach { last = $0 }
        guard case .quadCurve(let end, _)? = last else { Issue.record("not a quadratic: \(String(describing: last))"); return }
        // The curve is symmetric, so half its length ends at its apex.
        #expect(near(end, CGPoint(x: 50, y: 50), within: 0.01))
    }

    // MARK: Transforms and building

    @Test func applyingAndOffsetMoveEveryPoint() {
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.offsetBy(dx: 5, dy: -5).boundingRect == CGRect(x: 5, y: -5, width: 10, height: 10))
        let scaled = square.applying(CGAffineTransform(scaleX: 2, y: 3))
        #expect(scaled.boundingRect == CGRect(x: 0, y: 0, width: 20, height: 30))
        let quad = Path { path in
            path.move(to: .zero)
            path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        }.offsetBy(dx: 1, dy: 1)
        #expect(quad.elements.last == .quadCurve(to: CGPoint(x: 11, y: 1), control: CGPoint(x: 6, y: 11)))
    }

    @Test func forEachHandsOutTheElementsInOrder() {
        let path = Path { path in
            path.move(to: CGPoint(x: 1, y: 2))
            path.addLine(to: CGPoint(x: 3, y: 4))
            path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
            path.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
            path.closeSubpath()
        }
        var seen: [Path.Element] = []
        path.forEach { seen.append($0) }
        #expect(seen == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 3, y: 4)),
                         .quadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8)),
                         .curve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14)),
                         .closeSubpath])
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
    }

    @Test func tangentArcsRoundACorner() {
        var path = Path()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        // A line to where the arc meets the first tangent, then a quarter circle round (80, 20).
        guard case .line(let tangentPoint) = path.elements[1] else { Issue.record("no line to the arc"); return }
        #expect(near(tangentPoint, CGPoint(x: 80, y: 0), within: 1e-9))
        #expect(near(path.currentPoint!, CGPoint(x: 100, y: 20), within: 1e-9))
        #expect(near(path.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 20), within: 1e-9))
        let diagonal = CGPoint(x: 80 + 20 / 2.0.squareRoot(), y: 20 - 20 / 2.0.squareRoot())
        path.addLine(to: CGPoint(x: 100, y: 100))
        path.addLine(to: CGPoint(x: 0, y: 100))
        path.closeSubpath()
        // Inside the rounded corner, and outside it just beyond the arc.
        #expect(path.contains(CGPoint(x: diagonal.x - 0.5, y: diagonal.y + 0.5)))
        #expect(!path.contains(CGPoint(x: diagonal.x + 0.5, y: diagonal.y - 0.5)))
        // In line: a plain line to the corner.
        var straight = Path()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 100, y: 0), radius: 10)
        #expect(straight.elements.last == .line(to: CGPoint(x: 50, y: 0)))
    }

    // MARK: Stroked paths

    @Test func strokedPathCoversTheStrokeWithItsCaps() {
        let line = Path { path in
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 100, y: 0))
        }
        let butt = line.strokedPath(StrokeStyle(lineWidth: 10))
        #expect(near(butt.boundingRect, CGRect(x: 0, y: -5, width: 100, height: 10)))
        #expect(butt.contains(CGPoint(x: 50, y: 4)) && !butt.contains(CGPoint(x: 50, y: 6)))
        #expect(!butt.contains(CGPoint(x: -2, y: 0)))

        let square = line.strokedPath(StrokeStyle(lineWidth: 10, lineCap: .square))
        #expect(near(square.boundingRect, CGRect(x: -5, y: -5, width: 110, height: 10)))
        #expect(square.contains(CGPoint(x: -4, y: 4)))

        let round = line.strokedPath(StrokeStyle(lineWidth: 10, lineCap: .round))
        #expect(near(round.boundingRect, CGRect(x: -5, y: -5, width: 110, height: 10)))
        #expect(round.contains(CGPoint(x: -4, y: 0)) && !round.contains(CGPoint(x: -4, y: 4)))
    }

    @Test func strokedPathJoinsCornersAsTheStyleSays() {
        let corner = Path { path in
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 100))
        }
        let miter = corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .miter))
        #expect(near(miter.boundingRect, CGRect(x: 0, y: -5, width: 105, height: 105)))
        #expect(miter.contains(CGPoint(x: 104, y: -4)))
        let bevel = corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .bevel))
        #expect(!bevel.contains(CGPoint(x: 104, y: -4)) && bevel.contains(CGPoint(x: 102, y: -2)))
        let round = corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .round))
        #expect(!round.contains(CGPoint(x: 104, y: -4)) && round.contains(CGPoint(x: 103, y: -3)))
        // A miter longer than the limit allows is bevelled: a sharp turn back.
        let spike = Path { path in
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 0, y: 10))
        }.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 4))
        #expect(spike.boundingRect.maxX < 106)
        // The inside of a stroked closed ring stays empty.
        let ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100)).strokedPath(StrokeStyle(lineWidth: 10))
        #expect(near(ring.boundingRect, CGRect(x: -5, y: -5, width: 110, height: 110), within: 0.05))
        #expect(ring.contains(CGPoint(x: 50, y: 2)) && ring.contains(CGPoint(x: 50, y: -4)))
        #expect(!ring.contains(CGPoint(x: 50, y: 50)) && !ring.contains(CGPoint(x: 50, y: 6)))
    }

    @Test func strokedPathLaysDashesAndDots() {
        let line = Path { path in
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 100, y: 0))
        }
        let dashed = line.strokedPath(StrokeStyle(lineWidth: 4, dash: [10, 10]))
        #expect(dashed.contains(CGPoint(x: 5, y: 0)) && !dashed.contains(CGPoint(x: 15, y: 0)) && dashed.contains(CGPoint(x: 25, y: 0)))
        let shifted = line.strokedPath(StrokeStyle(lineWidth: 4, dash: [10, 10], dashPhase: 5))
        #expect(shifted.contains(CGPoint(x: 2, y: 0)) && !shifted.contains(CGPoint(x: 8, y: 0)) && shifted.contains(CGPoint(x: 18, y: 0)))
        // Zero-length dashes with round caps: a dotted line.
        let dotted = line.strokedPath(StrokeStyle(lineWidth: 6, lineCap: .round, dash: [0, 20]))
        for x in stride(from: 0.0, through: 80, by: 20) { #expect(dotted.contains(CGPoint(x: x + 2, y: 1)), "dot at \(x)") }
        #expect(!dotted.contains(CGPoint(x: 10, y: 0)))
    }
}
