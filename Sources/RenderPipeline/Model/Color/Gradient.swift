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

    /// Colours at `locations` (one per colour, from 0 to 1); spread evenly where a colour has
    /// none, a single colour at 0.
    package init(colors: [Color], locations: [Double]?) {
        let count = colors.count
        stops = colors.enumerated().map { index, color in
            let location = locations.flatMap { index < $0.count ? $0[index] : nil }
                ?? (count > 1 ? Double(index) / Double(count - 1) : 0)
            return Stop(color: color, location: location)
        }
    }

    /// The same stops with every colour's alpha multiplied by `factor`.
    func multiplyingOpacity(by factor: Double) -> Gradient {
        Gradient(stops: stops.map { Stop(color: $0.color.opacity(factor), location: $0.location) })
    }
}
