import Foundation

/// A 2-D shape that describes itself as a path in a given frame, as SwiftUI's `Shape`.
///
/// SwiftUI's `Shape` is also a view; here it is the geometry and sizing, which is what drawing
/// code (`GraphicsContext.fill`, `stroke`) and layout need. Like SwiftUI's it is `Animatable`:
/// a shape without animatable properties gets `EmptyAnimatableData`.
public protocol Shape: Sendable, Animatable {
    /// The shape's outline within `rect`, in `rect`'s coordinate space.
    func path(in rect: CGRect) -> Path

    /// The size the shape takes for `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    /// The proposal itself, 10 points in a dimension left unspecified, as SwiftUI's shapes do:
    /// a shape fills whatever it is offered.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
}
