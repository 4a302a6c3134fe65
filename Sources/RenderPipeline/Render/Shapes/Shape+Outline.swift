import Foundation

/// SwiftUI's shape modifiers that give a new outline of the same shape: a part of it by length,
/// its stroke as an area, and its path drawn at a fixed size.
extension Shape {
    /// The part of this shape's outline between two fractions of its length, as SwiftUI's
    /// `trim(from:to:)`: `Circle().trim(from: 0, to: 0.25)` is a quarter arc.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        ShapeOutline(base: self) { $0.trimmedPath(from: startFraction, to: endFraction) }
    }

    /// The area a stroke of this shape covers, as a shape to fill, as SwiftUI's `stroke(style:)`
    /// on a shape (iOS 17).
    public func stroke(style: StrokeStyle) -> some Shape {
        ShapeOutline(base: self) { $0.strokedPath(style) }
    }

    /// The area a stroke of `lineWidth` covers, as a shape to fill.
    public func stroke(lineWidth: CGFloat = 1) -> some Shape {
        stroke(style: StrokeStyle(lineWidth: lineWidth))
    }

    /// This shape drawn in a frame of `size` at the given frame's origin, whatever frame it is
    /// given, as SwiftUI's `size(_:)` (iOS 17); how it sizes itself is unchanged.
    public func size(_ size: CGSize) -> some Shape {
        ShapeInFrame(base: self, size: size)
    }

    /// This shape drawn in a frame `width` by `height` at the given frame's origin.
    public func size(width: CGFloat, height: CGFloat) -> some Shape {
        size(CGSize(width: width, height: height))
    }
}

/// A shape whose path is its base's path changed by a fixed function.
struct ShapeOutline<Base: Shape>: Shape {
    var base: Base
    let change: @Sendable (Path) -> Path

    var animatableData: Base.AnimatableData {
        get { base.animatableData }
        set { base.animatableData = newValue }
    }

    func path(in rect: CGRect) -> Path {
        change(base.path(in: rect))
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        base.sizeThatFits(proposal)
    }
}

/// A shape drawn in a frame of fixed size at the origin of the frame it is given.
struct ShapeInFrame<Base: Shape>: Shape {
    var base: Base
    var size: CGSize

    var animatableData: Base.AnimatableData {
        get { base.animatableData }
        set { base.animatableData = newValue }
    }

    func path(in rect: CGRect) -> Path {
        base.path(in: CGRect(origin: rect.origin, size: size))
    }

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        base.sizeThatFits(proposal)
    }
}
