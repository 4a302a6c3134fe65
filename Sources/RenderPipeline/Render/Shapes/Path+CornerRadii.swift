import Foundation

/// Rounded rectangles with a radius for each corner, as SwiftUI's `Path` draws
/// `UnevenRoundedRectangle`, and the corner walk both kinds of rounded rectangle share.
extension Path {
    /// A rounded rectangle whose corners each have their own radius.
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// A closed rectangle whose corners each have their own radius, mapped through `transform`.
    ///
    /// Radii too big for the rectangle are scaled down together, by the largest factor that
    /// keeps the two corners of every edge from overlapping (CSS's rule for `border-radius`);
    /// negative radii count as zero. Continuous corners reach along each edge at most as far as
    /// their share of it, the edge divided in proportion to the radii of its two corners, so
    /// equal radii draw exactly `addRoundedRect(in:cornerSize:style:)`'s outline.
    ///
    /// It starts where the top-right corner meets the right edge and runs towards the
    /// bottom-right corner, the same turning direction as `addRect`.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: RectangleCornerRadii,
                                        style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let rect = rect.standardized
        var radii = [cornerRadii.bottomTrailing, cornerRadii.bottomLeading, cornerRadii.topLeading, cornerRadii.topTrailing]
            .map { $0.isFinite ? max($0, 0) : 0 }
        guard rect.width > 0, rect.height > 0, radii.contains(where: { $0 > 0 }) else {
            return addRect(rect, transform: transform)
        }
        // Corners in the walk's order, bottom-right first: edge i runs from corner i to corner i + 1.
        let edgeLengths = [rect.width, rect.height, rect.width, rect.height]
        var fit: CGFloat = 1
        for edge in 0..<4 {
            let sum = radii[edge] + radii[(edge + 1) % 4]
            if sum > 0 { fit = min(fit, edgeLengths[edge] / sum) }
        }
        radii = radii.map { $0 * fit }
        let corners = RectangleCorner.clockwiseFromBottomRight(of: rect, radii: { (radii[$0], radii[$0]) })
        let outlines = (0..<4).map { index -> (start: CGPoint, curves: [(to: CGPoint, control1: CGPoint, control2: CGPoint)])? in
            let radius = radii[index]
            guard radius > 0 else { return nil }
            var smoothing: CGFloat = 0
            if style == .continuous {
                // This corner's share of its incoming and outgoing edges, in radii.
                let incoming = (index + 3) % 4, outgoing = index
                let shareIn = edgeLengths[incoming] / (radii[incoming] + radius)
                let shareOut = edgeLengths[outgoing] / (radius + radii[(index + 1) % 4])
                smoothing = max(0, min(Self.continuousSmoothing, shareIn - 1, shareOut - 1))
            }
            return Self.cornerOutline(smoothing: smoothing)
        }
        // The end of the top-right corner, on the right edge.
        let topRight = corners[3]
        var last = outlines[3].map { topRight.map($0.curves.last!.to, transform) } ?? topRight.point.applying(transform)
        move(to: last)
        for (corner, outline) in zip(corners, outlines) {
            if let outline {
                last = appendCorner(corner, outline: outline, after: last, transform: transform)
            } else {
                last = corner.point.applying(transform)
                addLine(to: last)
            }
        }
        closeSubpath()
    }

    /// Appends one rounded corner: a line from `last` to its start unless already there, then
    /// its curves. Returns where it ends.
    mutating func appendCorner(_ corner: RectangleCorner,
                               outline: (start: CGPoint, curves: [(to: CGPoint, control1: CGPoint, control2: CGPoint)]),
                               after last: CGPoint, transform: CGAffineTransform) -> CGPoint {
        let start = corner.map(outline.start, transform)
        if start != last { addLine(to: start) }
        for segment in outline.curves {
            addCurve(to: corner.map(segment.to, transform), control1: corner.map(segment.control1, transform),
                     control2: corner.map(segment.control2, transform))
        }
        return corner.map(outline.curves.last!.to, transform)
    }
}

/// One corner of a rectangle as a rounded-rectangle walk meets it: its point, the direction
/// travelled along the edge into it and out of it, and the corner's radius along each of them.
struct RectangleCorner {
    var point: CGPoint
    var inward: CGVector
    var outward: CGVector
    var inRadius: CGFloat
    var outRadius: CGFloat

    /// The four corners of `rect` in the walk's order (bottom-right, bottom-left, top-left,
    /// top-right), each given its horizontal and vertical radius by `radii(index)`.
    static func clockwiseFromBottomRight(of rect: CGRect, radii: (Int) -> (horizontal: CGFloat, vertical: CGFloat)) -> [RectangleCorner] {
        let (br, bl, tl, tr) = (radii(0), radii(1), radii(2), radii(3))
        return [
            RectangleCorner(point: CGPoint(x: rect.maxX, y: rect.maxY), inward: CGVector(dx: 0, dy: 1),
                            outward: CGVector(dx: -1, dy: 0), inRadius: br.vertical, outRadius: br.horizontal),
            RectangleCorner(point: CGPoint(x: rect.minX, y: rect.maxY), inward: CGVector(dx: -1, dy: 0),
                            outward: CGVector(dx: 0, dy: -1), inRadius: bl.horizontal, outRadius: bl.vertical),
            RectangleCorner(point: CGPoint(x: rect.minX, y: rect.minY), inward: CGVector(dx: 0, dy: -1),
                            outward: CGVector(dx: 1, dy: 0), inRadius: tl.vertical, outRadius: tl.horizontal),
            RectangleCorner(point: CGPoint(x: rect.maxX, y: rect.minY), inward: CGVector(dx: 1, dy: 0),
                            outward: CGVector(dx: 0, dy: 1), inRadius: tr.horizontal, outRadius: tr.vertical),
        ]
    }

    /// A point of a unit corner outline in (s, t) coordinates (s radii back along the incoming
    /// edge, t along the outgoing one) placed at this corner, then mapped through `transform`.
    func map(_ p: CGPoint, _ transform: CGAffineTransform) -> CGPoint {
        CGPoint(x: point.x - p.x * inRadius * inward.dx + p.y * outRadius * outward.dx,
                y: point.y - p.x * inRadius * inward.dy + p.y * outRadius * outward.dy).applying(transform)
    }
}
