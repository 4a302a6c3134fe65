import Foundation

/// A shape mapped through an affine transform, as SwiftUI's `TransformedShape`.
///
/// The transform applies in the coordinates the shape is drawn in, not about its frame: to turn
/// a shape about its centre, `rotation(_:anchor:)` is the simpler tool.
public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform

    public init(shape: Content, transform: CGAffineTransform) {
        self.shape = shape
        self.transform = transform
    }

    /// The shape's data; the transform does not animate, as in SwiftUI.
    public var animatableData: Content.AnimatableData {
        get { shape.animatableData }
        set { shape.animatableData = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(transform)
    }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        shape.sizeThatFits(proposal)
    }
}

extension Shape {
    /// This shape mapped through `transform`.
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}
