import Foundation

/// A list of colors at positions from 0 to 1, as SwiftUI's `Gradient`; the gradient shapes
/// (linear, radial, angular) say where those positions fall.
public struct Gradient: Hashable, Sendable {
    /// One color at one position of a gradient.
    public struct Stop: Hashable, Sendable {
        /// The color at this stop.
        public var color: Color
        /// Where the stop is, from 0 (the gradient's start) to 1 (its end).
        public var location: CGFloat

        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in the order given.
    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Colors spread evenly from 0 to 1; a single color sits at 0.
    public init(colors: [Color]) {
        let last = colors.count - 1
        stops = colors.enumerated().map { index, color in
            Stop(color: color, location: last > 0 ? CGFloat(index) / CGFloat(last) : 0)
        }
    }
}
