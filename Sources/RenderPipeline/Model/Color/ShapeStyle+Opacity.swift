extension ShapeStyle {
    /// This style with its opacity multiplied by `opacity`, as SwiftUI's `opacity(_:)` on any
    /// shape style.
    ///
    /// A colour's alpha, or every stop of a gradient, is multiplied, so what it fills is drawn
    /// at that opacity. `Color` keeps its own `opacity(_:)`, which returns a `Color`.
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        OpacityShapeStyle(base: self, opacity: opacity)
    }
}

/// A style drawn at a fraction of its opacity.
struct OpacityShapeStyle<Base: ShapeStyle>: PaintingShapeStyle {
    var base: Base
    var opacity: Double

    package var paint: Paint { base.paint.multiplyingOpacity(by: opacity) }
}

extension Paint {
    /// The same paint with every colour's alpha (an image's opacity) multiplied by `factor`.
    func multiplyingOpacity(by factor: Double) -> Paint {
        switch self {
        case .color(let color):
            return .color(color.opacity(factor))
        case .linearGradient(var linear):
            linear.gradient = linear.gradient.multiplyingOpacity(by: factor)
            return .linearGradient(linear)
        case .radialGradient(var radial):
            radial.gradient = radial.gradient.multiplyingOpacity(by: factor)
            return .radialGradient(radial)
        case .angularGradient(var angular):
            angular.gradient = angular.gradient.multiplyingOpacity(by: factor)
            return .angularGradient(angular)
        case .image(var image, let origin):
            image.opacity *= factor
            return .image(image, origin: origin)
        }
    }
}
