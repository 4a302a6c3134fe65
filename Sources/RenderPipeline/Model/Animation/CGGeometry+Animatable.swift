import Foundation

// As in SwiftUI, points, sizes and rectangles animate their coordinates together, in a straight
// line: what `OffsetShape`, `ScaledShape` and a renderer's own geometry animate through.

extension CGPoint: Animatable {
    /// The data to animate: the pair `(x, y)`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { self = CGPoint(x: newValue.first, y: newValue.second) }
    }
}

extension CGSize: Animatable {
    /// The data to animate: the pair `(width, height)`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { self = CGSize(width: newValue.first, height: newValue.second) }
    }
}

extension CGRect: Animatable {
    /// The data to animate: the origin's pair, then the size's.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set {
            origin.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }
}
