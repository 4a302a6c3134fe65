import Foundation

/// Colours along a line, as SwiftUI's `LinearGradient`: between two points — unit points of what
/// it fills, or points in the drawing's coordinates — or across what it fills at an angle.
public struct LinearGradient: Hashable, Sendable {
    /// The colours and where they fall between the start (0) and the end (1).
    public var gradient: Gradient
    /// Where the line runs.
    public var placement: Placement
    /// How the colours spread past the ends and blend.
    public var options: Paint.GradientOptions

    /// A gradient of `gradient`'s stops placed by `placement`.
    public init(gradient: Gradient, placement: Placement, options: Paint.GradientOptions = []) {
        self.gradient = gradient
        self.placement = placement
        self.options = options
    }

    /// A gradient from one unit point of what it fills to another, as SwiftUI's.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: gradient, placement: .points(start: .unit(startPoint), end: .unit(endPoint)))
    }

    /// Evenly spaced colours from one unit point of what the gradient fills to another.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// Stops from one unit point of what the gradient fills to another.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    /// A gradient across what it fills at `angle` degrees, clockwise in y-down coordinates: 0
    /// runs from the leading to the trailing edge, 90 from top to bottom. Stops are spread
    /// evenly unless `locations` gives one per colour.
    public init(colors: [Color], locations: [Double]? = nil, angle: Double = 0) {
        self.init(gradient: Gradient(colors: colors, locations: locations), placement: .angle(.degrees(angle)))
    }

    /// A gradient between two fixed points, whatever it fills (a shimmer band, a sweep).
    public init(colors: [Color], locations: [Double]? = nil, from start: CGPoint, to end: CGPoint) {
        self.init(gradient: Gradient(colors: colors, locations: locations), placement: .points(start: .point(start), end: .point(end)))
    }

    /// Where the gradient's line starts and ends when it fills `bounds` (current coordinates).
    ///
    /// An angle places the line through the centre of `bounds`, long enough that the corners'
    /// projections onto it are its ends: the first and last stops just reach the corners.
    public func endPoints(in bounds: CGRect) -> (start: CGPoint, end: CGPoint) {
        switch placement {
        case .points(let start, let end):
            return (start.resolved(in: bounds), end.resolved(in: bounds))
        case .angle(let angle):
            let dx = cos(angle.radians), dy = sin(angle.radians)
            let half = (abs(dx) * bounds.width + abs(dy) * bounds.height) / 2
            let cx = bounds.midX, cy = bounds.midY
            return (CGPoint(x: cx - dx * half, y: cy - dy * half), CGPoint(x: cx + dx * half, y: cy + dy * half))
        }
    }
}
