import Foundation

/// A 2-D shape built from lines and quadratic and cubic curves, in the coordinates of the context
/// it is drawn in, as SwiftUI's `Path`.
public struct Path: Hashable, Sendable {
    /// One element of a path, as SwiftUI's `Path.Element`: what `forEach(_:)` hands out.
    public enum Element: Hashable, Sendable {
        /// The start of a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the start of the current subpath, closing it.
        case closeSubpath
    }

    /// The elements in the order they were added.
    public internal(set) var elements: [Element] = []

    public init() {}

    public init(_ rect: CGRect) {
        addRect(rect)
    }

    /// A rectangle with rounded corners of `cornerRadius`, continuous by default as in SwiftUI.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    public mutating func move(to point: CGPoint) { elements.append(.move(to: point)) }
    public mutating func addLine(to point: CGPoint) { elements.append(.line(to: point)) }
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    public mutating func addRect(_ rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    public mutating func addRoundedRect(_ rect: CGRect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        // Cubic approximation of a quarter circle.
        let k = r * 0.5522847498
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
        addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + r),
                 control1: CGPoint(x: rect.maxX - r + k, y: rect.minY), control2: CGPoint(x: rect.maxX, y: rect.minY + r - k))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
        addCurve(to: CGPoint(x: rect.maxX - r, y: rect.maxY),
                 control1: CGPoint(x: rect.maxX, y: rect.maxY - r + k), control2: CGPoint(x: rect.maxX - r + k, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
        addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - r),
                 control1: CGPoint(x: rect.minX + r - k, y: rect.maxY), control2: CGPoint(x: rect.minX, y: rect.maxY - r + k))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
        addCurve(to: CGPoint(x: rect.minX + r, y: rect.minY),
                 control1: CGPoint(x: rect.minX, y: rect.minY + r - k), control2: CGPoint(x: rect.minX + r - k, y: rect.minY))
        closeSubpath()
    }

    public mutating func addEllipse(in rect: CGRect) {
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        let kx = rx * 0.5522847498, ky = ry * 0.5522847498
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle containing every point the path passes through, as SwiftUI's
    /// `boundingRect` (CoreGraphics' `boundingBoxOfPath`): curves count by their extremes, not
    /// their control points; `.null` for an empty path.
    public var boundingRect: CGRect {
        // Walks the elements directly rather than through `subpaths()`: every fill and stroke
        // asks for the bounds, so this stays free of allocations.
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x)
            maxY = Swift.max(maxY, p.y)
        }
        var current: CGPoint?, subpathStart: CGPoint?
        func begin(at p: CGPoint) -> CGPoint {
            if let current { return current }
            add(p)
            subpathStart = p
            return p
        }
        for element in elements {
            switch element {
            case .move(let p):
                add(p)
                current = p
                subpathStart = p
            case .line(let p):
                _ = begin(at: p)
                add(p)
                current = p
            case .quadCurve(let p, let c):
                CubicBezier(quadraticFrom: begin(at: c), control: c, to: p).forEachExtreme(add)
                add(p)
                current = p
            case .curve(let p, let c1, let c2):
                CubicBezier(begin(at: c1), c1, c2, p).forEachExtreme(add)
                add(p)
                current = p
            case .closeSubpath:
                current = subpathStart
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
