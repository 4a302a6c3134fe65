import Foundation

/// Colours sweeping clockwise around a centre, as SwiftUI's `AngularGradient`: from the first
/// stop at `startAngle` to the last at `endAngle` (0 points along +x).
///
/// A sweep shorter than a full turn leaves a gap, filled as SwiftUI fills it: its first half
/// with the last stop's colour, its second with the first's. A sweep of no length (the
/// default) or of a full turn is a conic gradient; a longer one draws its last full turn.
public struct AngularGradient: Hashable, Sendable {
    /// The colours and where they fall between the start angle (0) and the end angle (1).
    public var gradient: Gradient
    /// The centre of the sweep: a unit point of what the gradient fills, or a point.
    public var center: Paint.Anchor
    /// Where the first stop lies.
    public var startAngle: Angle
    /// Where the last stop lies.
    public var endAngle: Angle
    /// How the colours blend (`mirror` sweeps there and back within the turn).
    public var options: Paint.GradientOptions

    /// An angular gradient around `center`, a unit point of what it fills or a point.
    public init(gradient: Gradient, centeredAt center: Paint.Anchor, startAngle: Angle, endAngle: Angle,
                options: Paint.GradientOptions = []) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.options = options
    }

    /// An angular gradient from `startAngle` to `endAngle` around a unit point of what it fills, as SwiftUI's.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: gradient, centeredAt: .unit(center), startAngle: startAngle, endAngle: endAngle)
    }

    /// Evenly spaced colours from `startAngle` to `endAngle` around a unit point of what the gradient fills.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// Stops from `startAngle` to `endAngle` around a unit point of what the gradient fills.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A conic gradient: one full turn starting at `angle`, as SwiftUI's `init(gradient:center:angle:)`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, centeredAt: .unit(center), startAngle: angle, endAngle: .radians(angle.radians + 2 * .pi))
    }

    /// A conic gradient of evenly spaced colours, one full turn starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    /// A conic gradient of stops, one full turn starting at `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient from `startAngle` to `endAngle` around a unit point of what it fills.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient of evenly spaced colours from `startAngle` to `endAngle`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient of stops from `startAngle` to `endAngle`.
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A conic gradient: one full turn starting at `angle` around a unit point of what it fills.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }

    /// A conic gradient of evenly spaced colours.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }

    /// A conic gradient of stops.
    public static func conicGradient(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(stops: stops, center: center, angle: angle)
    }

    /// An angular gradient of an `AnyGradient`'s stops, as SwiftUI's.
    public static func angularGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startAngle: Angle,
                                       endAngle: Angle) -> some ShapeStyle {
        AngularGradient(gradient: gradient.gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A conic gradient of an `AnyGradient`'s stops, as SwiftUI's.
    public static func conicGradient(_ gradient: AnyGradient, center: UnitPoint = .center, angle: Angle = .zero) -> some ShapeStyle {
        AngularGradient(gradient: gradient.gradient, center: center, angle: angle)
    }
}
