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
