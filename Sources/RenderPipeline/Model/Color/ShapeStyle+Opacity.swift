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
    /// The same paint with every colour's alpha multiplied by `factor`.
    func multiplyingOpacity(by factor: Double) -> Paint {
        // Cases are matched one by one so a paint kind added later keeps its full opacity
        // rather than breaking this switch.
        if case .color(let color) = self { return .color(color.opacity(factor)) }
        if case .linearGradient(var gradient) = self {
            gradient.colors = gradient.colors.map { $0.opacity(factor) }
            return .linearGradient(gradient)
        }
        return self
    }
}
