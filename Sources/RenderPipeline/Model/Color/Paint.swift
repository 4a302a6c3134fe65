import Foundation

/// What glyphs or shapes are filled with: a flat color or a linear gradient.
public enum Paint: Hashable, Sendable {
    case color(Color)
    case linearGradient(LinearGradient)
}

/// A linear gradient across the bounds of what it fills.
///
/// `angle` is in degrees, clockwise in y-down coordinates: 0 runs from the leading to the
/// trailing edge, 90 from top to bottom. Stops are spread evenly unless `locations` is given.
public struct LinearGradient: Hashable, Sendable {
    public var colors: [Color]
    public var locations: [Double]?
    public var angle: Double
    /// Fixed end points in the drawing's coordinates; when set they replace `angle` and the bounds.
    public var startPoint: CGPoint?
    public var endPoint: CGPoint?
    /// End points as fractions of what the gradient fills, as SwiftUI's `LinearGradient` has them;
    /// when set they replace `angle`.
    public var unitStartPoint: UnitPoint?
    public var unitEndPoint: UnitPoint?

    public init(colors: [Color], locations: [Double]? = nil, angle: Double = 0) {
        self.colors = colors
        self.locations = locations
        self.angle = angle
    }

    /// A gradient between two fixed points, whatever it fills (a shimmer band, a sweep).
    public init(colors: [Color], locations: [Double]? = nil, from start: CGPoint, to end: CGPoint) {
        self.init(colors: colors, locations: locations)
        startPoint = start
        endPoint = end
    }

    /// A gradient from one unit point of what it fills to another, as SwiftUI's.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(colors: gradient.stops.map(\.color), locations: gradient.stops.map { Double($0.location) })
        unitStartPoint = startPoint
        unitEndPoint = endPoint
    }

    /// Evenly spaced colours from one unit point of what the gradient fills to another.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// Stops from one unit point of what the gradient fills to another.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    /// Color stops as (offset 0...1, color) pairs.
    public var stops: [(offset: Double, color: Color)] {
        let count = colors.count
        return colors.enumerated().map { index, color in
            let offset = locations.flatMap { index < $0.count ? $0[index] : nil }
                ?? (count > 1 ? Double(index) / Double(count - 1) : 0)
            return (offset, color)
        }
    }
}
