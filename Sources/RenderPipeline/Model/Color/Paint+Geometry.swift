import Foundation

extension Paint {
    /// This paint with its geometry fixed to `bounds`: unit points and angles (an image's tile
    /// origin) become points, so
    /// every piece drawn with the result (each line or word of a selection) shares one sweep
    /// instead of restarting it over its own bounds. A colour, points already fixed, or null
    /// bounds leave the paint as it is.
    public func pinned(to bounds: CGRect) -> Paint {
        guard !bounds.isNull else { return self }
        switch self {
        case .color:
            return self
        case .linearGradient(var linear):
            if case .points(.point, .point) = linear.placement { return self }
            let (start, end) = linear.endPoints(in: bounds)
            linear.placement = .points(start: .point(start), end: .point(end))
            return .linearGradient(linear)
        case .radialGradient(var radial):
            radial.center = .point(radial.center.resolved(in: bounds))
            return .radialGradient(radial)
        case .angularGradient(var angular):
            angular.center = .point(angular.center.resolved(in: bounds))
            return .angularGradient(angular)
        case .image(let image, let origin):
            return .image(image, origin: .point(origin.resolved(in: bounds)))
        }
    }

    /// This paint with its points (not its unit points) moved by (`dx`, `dy`).
    package func offsetBy(dx: Double, dy: Double) -> Paint {
        func moved(_ anchor: Anchor) -> Anchor {
            if case .point(let point) = anchor { return .point(CGPoint(x: point.x + dx, y: point.y + dy)) }
            return anchor
        }
        switch self {
        case .color:
            return self
        case .linearGradient(var linear):
            if case .points(let start, let end) = linear.placement { linear.placement = .points(start: moved(start), end: moved(end)) }
            return .linearGradient(linear)
        case .radialGradient(var radial):
            radial.center = moved(radial.center)
            return .radialGradient(radial)
        case .angularGradient(var angular):
            angular.center = moved(angular.center)
            return .angularGradient(angular)
        case .image(let image, let origin):
            return .image(image, origin: moved(origin))
        }
    }
}
