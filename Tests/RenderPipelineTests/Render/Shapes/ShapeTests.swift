import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// SwiftUI's shapes and path building: bounds, hit testing, arcs and curves.
@Suite struct ShapeTests {
    /// The cubics of `path` with their start points.
    func cubics(_ path: Path) -> [(from: CGPoint, control1: CGPoint, control2: CGPoint, to: CGPoint)] {
        var result: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): current = p
            case .quadCurve(let p, let c):
                let elevated = CubicBezier(quadraticFrom: current, control: c, to: p)
                result.append((current, elevated.p1, elevated.p2, p))
                current = p
            case .curve(let p, let c1, let c2):
                result.append((current, c1, c2, p))
                current = p
            case .closeSubpath: break
            }
        }
        return result
    }

    func point(on c: (from: CGPoint, control1: CGPoint, control2: CGPoint, to: CGPoint), at t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * u * c.from.x + 3 * u * u * t * c.control1.x + 3 * u * t * t * c.control2.x + t * t * t * c.to.x,
                       y: u * u * u * c.from.y + 3 * u * u * t * c.control1.y + 3 * u * t * t * c.control2.y + t * t * t * c.to.y)
    }

    func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

    // MARK: Shapes

    @Test func rectangleFillsItsFrame() {
        let frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        let path = Rectangle().path(in: frame)
        #expect(path.boundingRect == frame)
        #expect(path.contains(CGPoint(x: 11, y: 21)) && path.contains(CGPoint(x: 109, y: 69)))
        #expect(!path.contains(CGPoint(x: 9, y: 40)) && !path.contains(CGPoint(x: 60, y: 71)))
    }

    @Test func circularRoundedRectangleCutsQuarterCircles() {
        let frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let path = RoundedRectangle(cornerRadius: 20, style: .circular).path(in: frame)
        #expect(close(path.boundingRect, frame))
        // The top-left corner's circle is centred on (20, 20).
        #expect(!path.contains(CGPoint(x: 2, y: 2)))
        #expect(!path.contains(CGPoint(x: 5, y: 5)))
        #expect(path.contains(CGPoint(x: 7, y: 7)))
        #expect(path.contains(CGPoint(x: 100, y: 0.5)) && path.contains(CGPoint(x: 199.5, y: 50)))
        #expect(!path.contains(CGPoint(x: 198, y: 98)) && path.contains(CGPoint(x: 190, y: 90)))
    }

    @Test func continuousCornersReachFurtherAlongTheEdges() {
        let frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let continuous = RoundedRectangle(cornerRadius: 100).path(in: frame)
        let circular = RoundedRectangle(cornerRadius: 100, style: .circular).path(in: frame)
        #expect(RoundedRectangle(cornerRadius: 100).style == .continuous)
        #expect(close(continuous.boundingRect, frame))
        // 1.1 radii from the corner the circular edge is still straight; the continuous one is
        // already 0.25 below it.
        #expect(circular.contains(CGPoint(x: 110, y: 0.1)) && !continuous.contains(CGPoint(x: 110, y: 0.1)))
        // 0.8 radii in, the circle is 2.02 below the top and the continuous curve about 2.46.
        #expect(circular.contains(CGPoint(x: 80, y: 2.25)) && !continuous.contains(CGPoint(x: 80, y: 2.25)))
        // Both pass through the same point on the corner's diagonal.
        let diagonal = 100 * (1 - 1 / 2.0.squareRoot())
        for path in [continuous, circular] {
            #expect(!path.contains(CGPoint(x: diagonal - 0.2, y: diagonal - 0.2)))
            #expect(path.contains(CGPoint(x: diagonal + 0.2, y: diagonal + 0.2)))
        }
        // The corner starts 1.528665 radii from the corner point.
        #expect(continuous.elements.contains { element in
            if case .line(let p) = element { close(p, CGPoint(x: 400 - 152.8665, y: 0)) } else { false }
        })
    }

    @Test func continuousCornersAreCurvatureContinuous() {
        let path = Path(roundedRect: CGRect(x: 0, y: 0, width: 400, height: 300), cornerRadius: 50)
        let segments = cubics(path)
        #expect(segments.count == 12)
        /// Curvature at the start of a cubic.
        func curvature(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) -> CGFloat {
            let d1 = CGVector(dx: p1.x - p0.x, dy: p1.y - p0.y), d2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
            return 2 / 3 * abs(d1.dx * d2.dy - d1.dy * d2.dx) / pow(hypot(d1.dx, d1.dy), 3)
        }
        for corner in stride(from: 0, to: 12, by: 3) {
            let enter = segments[corner], arc = segments[corner + 1], leave = segments[corner + 2]
            // Straight where it leaves the edges…
            #expect(curvature(enter.from, enter.control1, enter.control2) == 0)
            #expect(curvature(leave.to, leave.control2, leave.control1) == 0)
            // …and the circle's 1/50 where it meets the arc (the arc's cubic is within 0.2%).
            #expect(abs(curvature(enter.to, enter.control2, enter.control1) - 1.0 / 50) < 1e-9)
            #expect(abs(curvature(arc.from, arc.control1, arc.control2) - 1.0 / 50) < 0.002 / 50)
        }
    }

    @Test func oversizedCornersShrinkToFit() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        for style in [RoundedCornerStyle.circular, .continuous] {
            let path = RoundedRectangle(cornerSize: CGSize(width: 500, height: 500), style: style).path(in: frame)
            #expect(close(path.boundingRect, frame))
            // A capsule: the left end is a semicircle around (20, 20).
            #expect(path.contains(CGPoint(x: 3, y: 20)) && !path.contains(CGPoint(x: 1, y: 5)))
        }
        let elliptical = RoundedRectangle(cornerSize: CGSize(width: 40, height: 10), style: .circular).path(in: frame)
        // Quarter ellipses 40 wide, 10 high: (20, 1) is outside, (20, 4) inside.
        #expect(!elliptical.contains(CGPoint(x: 20, y: 1)) && elliptical.contains(CGPoint(x: 20, y: 4)))
    }

    @Test func capsuleHasSemicircularEnds() {
        let frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        for capsule in [Capsule(), Capsule(style: .circular)] {
            let path = capsule.path(in: frame)
            #expect(close(path.boundingRect, frame))
            // Ends are circles of radius 10 around (10, 10) and (90, 10).
            #expect(path.contains(CGPoint(x: 3.5, y: 3.5)) && !path.contains(CGPoint(x: 2, y: 3)))
            #expect(path.contains(CGPoint(x: 0.5, y: 10)) && !path.contains(CGPoint(x: 1, y: 1)))
            #expect(path.contains(CGPoint(x: 96.5, y: 16.5)) && !path.contains(CGPoint(x: 98, y: 17)))
            #expect(path.contains(CGPoint(x: 50, y: 0.5)) && path.contains(CGPoint(x: 50, y: 19.5)))
        }
        #expect(Capsule().style == .continuous)
        // Tall frames round the top and bottom instead.
        let tall = Capsule().path(in: CGRect(x: 0, y: 0, width: 20, height: 100))
        #expect(!tall.contains(CGPoint(x: 1, y: 1)) && tall.contains(CGPoint(x: 1, y: 50)))
    }

    @Test func circleIsCenteredOnTheShorterSide() {
        let path = Circle().path(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(close(path.boundingRect, CGRect(x: 50, y: 0, width: 100, height: 100)))
        #expect(path.contains(CGPoint(x: 100, y: 50)) && path.contains(CGPoint(x: 51, y: 50)) && path.contains(CGPoint(x: 149, y: 50)))
        #expect(!path.contains(CGPoint(x: 49, y: 50)) && !path.contains(CGPoint(x: 151, y: 50)))
        // (60, 10) is inside the bounds but 56.6 from the centre.
        #expect(!path.contains(CGPoint(x: 60, y: 10)) && path.contains(CGPoint(x: 100, y: 1)))
    }

    @Test func ellipseFillsItsFrame() {
        let frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let path = Ellipse().path(in: frame)
        #expect(close(path.boundingRect, frame))
        #expect(path.contains(CGPoint(x: 1, y: 50)) && path.contains(CGPoint(x: 100, y: 99)))
        // (30, 15) is inside, (70/100)² + (35/50)² = 0.98; (30, 10) is not, 0.49 + 0.64.
        #expect(path.contains(CGPoint(x: 30, y: 15)) && !path.contains(CGPoint(x: 30, y: 10)))
    }

    @Test func shapesFillTheirProposalAndAnimateLikeSwiftUIs() {
        #expect(Circle().sizeThatFits(ProposedViewSize(width: 30, height: nil)) == CGSize(width: 30, height: 10))
        #expect(Rectangle().sizeThatFits(.unspecified) == CGSize(width: 10, height: 10))
        var rounded = RoundedRectangle(cornerSize: CGSize(width: 4, height: 6))
        #expect(rounded.animatableData == AnimatablePair(4, 6))
        rounded.animatableData = AnimatablePair(8, 2)
        #expect(rounded.cornerSize == CGSize(width: 8, height: 2))
        #expect(Capsule().animatableData == EmptyAnimatableData())
    }

    @Test func pathIsAShapeOfItsOwn() {
        let path = Path(ellipseIn: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.path(in: CGRect(x: 0, y: 0, width: 100, height: 100)) == path)
    }

    // MARK: Arcs and curves

    @Test func arcsFollowSwiftUIsClockwiseConvention() {
        let center = CGPoint(x: 50, y: 50)
        var increasing = Path()
        increasing.addArc(center: center, radius: 20, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        // The point at 90° is below the centre on a y-down canvas, on the circle.
        #expect(close(increasing.currentPoint!, CGPoint(x: 50, y: 70)))
        #expect(abs(distance(increasing.currentPoint!, center) - 20) < 1e-9)
        // clockwise: false sweeps the short way through the lower right (clockwise on screen).
        let quarter = cubics(increasing)
        #expect(quarter.count == 1)
        #expect(close(point(on: quarter[0], at: 0.5), CGPoint(x: 50 + 20 / 2.0.squareRoot(), y: 50 + 20 / 2.0.squareRoot()), within: 0.01))

        var decreasing = Path()
        decreasing.addArc(center: center, radius: 20, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        // clockwise: true goes the long way, up through the top and round the left (270°).
        #expect(close(decreasing.currentPoint!, CGPoint(x: 50, y: 70)))
        let long = cubics(decreasing)
        #expect(long.count == 3)
        #expect(close(long[0].to, CGPoint(x: 50, y: 30)) && close(long[1].to, CGPoint(x: 30, y: 50)))
        #expect(close(decreasing.boundingRect, CGRect(x: 30, y: 30, width: 40, height: 40), within: 1e-9))
    }

    @Test func arcSegmentsStayOnTheCircle() {
        var path = Path()
        path.addArc(center: CGPoint(x: 10, y: -5), radius: 100, startAngle: .degrees(-30), endAngle: .degrees(300),
                    clockwise: false)
        let segments = cubics(path)
        #expect(segments.count == 4, "330° in segments of at most 90°")
        for segment in segments {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                // An 82.5° cubic strays from its circle by under 0.03% of the radius.
                #expect(abs(distance(point(on: segment, at: t), CGPoint(x: 10, y: -5)) - 100) < 0.03)
            }
        }
        guard case .move(let start)? = path.elements.first else { Issue.record("no move"); return }
        #expect(close(start, CGPoint(x: 10 + 100 * cos(-Double.pi / 6), y: -5 + 100 * sin(-Double.pi / 6))))
    }

    @Test func relativeArcsAndFullCircles() {
        let center = CGPoint(x: 0, y: 0)
        var relative = Path(), absolute = Path()
        relative.addRelativeArc(center: center, radius: 10, startAngle: .degrees(45), delta: .degrees(90))
        absolute.addArc(center: center, radius: 10, startAngle: .degrees(45), endAngle: .degrees(135), clockwise: false)
        #expect(relative.elements.count == absolute.elements.count)
        for (a, b) in zip(cubics(relative), cubics(absolute)) {
            #expect(close(a.control1, b.control1) && close(a.control2, b.control2) && close(a.to, b.to))
        }
        var backwards = Path()
        backwards.addRelativeArc(center: center, radius: 10, startAngle: .zero, delta: .degrees(-90))
        #expect(close(backwards.currentPoint!, CGPoint(x: 0, y: -10)))

        var circle = Path()
        circle.addArc(center: center, radius: 10, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        #expect(cubics(circle).count == 4)
        #expect(close(circle.currentPoint!, CGPoint(x: 10, y: 0)))
        #expect(circle.contains(CGPoint(x: 0, y: 0)) && circle.contains(CGPoint(x: -9.9, y: 0)))
        // An arc after other elements is joined to them with a line.
        var joined = Path()
        joined.move(to: CGPoint(x: 100, y: 100))
        joined.addArc(center: center, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(joined.elements[1] == .line(to: CGPoint(x: 10, y: 0)))
    }

    @Test func arcsTakeATransform() {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false,
                    transform: CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 1))
        #expect(close(path.currentPoint!, CGPoint(x: 100, y: 10)))
        #expect(path.elements.first == .move(to: CGPoint(x: 120, y: 0)))
    }

    @Test func quadCurvesAreKeptAndDrawnAsTheirExactCubics() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(path.elements.last == .quadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100)))
        let curve = cubics(path)[0]
        #expect(close(curve.control1, CGPoint(x: 100.0 / 3, y: 200.0 / 3), within: 1e-12))
        #expect(close(curve.control2, CGPoint(x: 200.0 / 3, y: 200.0 / 3), within: 1e-12))
        // The quadratic's midpoint: ¼·start + ½·control + ¼·end.
        #expect(close(point(on: curve, at: 0.5), CGPoint(x: 50, y: 50), within: 1e-12))
        #expect(close(point(on: curve, at: 0.25), CGPoint(x: 25, y: 37.5), within: 1e-12))
        // Its bounds reach the curve's top (y = 50), not the control point.
        #expect(close(path.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 50), within: 1e-9))
    }

    // MARK: Building and querying paths

    @Test func closureInitAndLinesAndRects() {
        let path = Path { path in
            path.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
            path.closeSubpath()
            path.addRects([CGRect(x: 20, y: 0, width: 5, height: 5), CGRect(x: 30, y: 0, width: 5, height: 5)])
        }
        #expect(path.elements.prefix(3) == [.move(to: .zero), .line(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 10))])
        #expect(path.elements.count == 4 + 5 + 5)
        #expect(path.contains(CGPoint(x: 8, y: 2)) && !path.contains(CGPoint(x: 2, y: 8)))
        #expect(path.contains(CGPoint(x: 22, y: 2)) && path.contains(CGPoint(x: 32, y: 2)) && !path.contains(CGPoint(x: 27, y: 2)))
        // Opening a path with lines and no close still fills as if closed.
        var open = Path()
        open.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(open.contains(CGPoint(x: 8, y: 2)))
    }

    @Test func currentPointFollowsTheLastElement() {
        var path = Path()
        #expect(path.currentPoint == nil)
        path.move(to: CGPoint(x: 1, y: 2))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        path.addCurve(to: CGPoint(x: 9, y: 9), control1: .zero, control2: .zero)
        #expect(path.currentPoint == CGPoint(x: 9, y: 9))
        // Closing returns to the subpath's start.
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        path.addRect(CGRect(x: 10, y: 20, width: 1, height: 1), transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(path.currentPoint == CGPoint(x: 20, y: 40))
    }

    @Test func windingRules() {
        // Two squares, one inside the other, both drawn the same way round.
        var path = Path()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(path.contains(CGPoint(x: 50, y: 50)))
        #expect(!path.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(path.contains(CGPoint(x: 10, y: 50), eoFill: true))
        // Drawn the other way round, the inner square cancels the outer one under both rules.
        var hole = Path()
        hole.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        hole.addLines([CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        hole.closeSubpath()
        #expect(!hole.contains(CGPoint(x: 50, y: 50)) && hole.contains(CGPoint(x: 10, y: 50)))
    }

    @Test func transformedAndOffsetPaths() {
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.offsetBy(dx: 5, dy: -5).boundingRect == CGRect(x: 5, y: -5, width: 10, height: 10))
        let turned = square.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(close(turned.boundingRect, CGRect(x: -10, y: 0, width: 10, height: 10)))
        var combined = Path()
        combined.addPath(square, transform: CGAffineTransform(scaleX: 3, y: 1))
        combined.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10), transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(close(combined.boundingRect, CGRect(x: 0, y: 0, width: 110, height: 10)))
        #expect(combined.contains(CGPoint(x: 25, y: 5)) && combined.contains(CGPoint(x: 105, y: 5)) && !combined.contains(CGPoint(x: 50, y: 5)))
        var rounded = Path()
        rounded.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerSize: CGSize(width: 5, height: 5),
                               style: .circular, transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(close(rounded.boundingRect, CGRect(x: 0, y: 100, width: 40, height: 20)))
    }

    @Test func roundedRectInitializersAgree() {
        let frame = CGRect(x: 3, y: 4, width: 80, height: 50)
        let byRadius = Path(roundedRect: frame, cornerRadius: 12)
        #expect(byRadius == Path(roundedRect: frame, cornerSize: CGSize(width: 12, height: 12)))
        #expect(byRadius == Path(roundedRect: frame, cornerRadius: 12, style: .continuous))
        #expect(byRadius != Path(roundedRect: frame, cornerRadius: 12, style: .circular))
        #expect(byRadius == RoundedRectangle(cornerRadius: 12).path(in: frame))
        // A zero radius is a plain rectangle.
        #expect(Path(roundedRect: frame, cornerRadius: 0) == Path(frame))
    }
}
