import Foundation

/// Colours in circles around a centre, as SwiftUI's `RadialGradient`: the first stop at
/// `startRadius` points from the centre, the last at `endRadius`.
public struct RadialGradient: Hashable, Sendable {
    /// The colours and where they fall between the start circle (0) and the end circle (1).
    public var gradient: Gradient
    /// The circles' centre: a unit point of what the gradient fills, or a point.
    public var center: Paint.Anchor
    /// The radius of the first stop's circle, in points.
    public var startRadius: CGFloat
    /// The radius of the last stop's circle, in points.
    public var endRadius: CGFloat
    /// How the colours spread past the circles and blend.
    public var options: Paint.GradientOptions

    /// A radial gradient around `center`, a unit point of what it fills or a point.
    public init(gradient: Gradient, centeredAt center: Paint.Anchor, startRadius: CGFloat, endRadius: CGFloat,
                options: Paint.GradientOptions = []) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.options = options
    }

    /// A radial gradient around a unit point of what it fills, as SwiftUI's.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: gradient, centeredAt: .unit(center), startRadius: startRadius, endRadius: endRadius)
    }

    /// Evenly spaced colours in circles around a unit point of what the gradient fills.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// Stops in circles around a unit point of what the gradient fills.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around a unit point of what it fills.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of evenly spaced colours around a unit point of what it fills.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of stops around a unit point of what it fills.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of an `AnyGradient`'s stops, as SwiftUI's
    /// (`.radialGradient(.blue.gradient, endRadius: 80)`).
    public static func radialGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startRadius: CGFloat = 0,
                                      endRadius: CGFloat) -> some ShapeStyle {
        RadialGradient(gradient: gradient.gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
