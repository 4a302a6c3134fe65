import Foundation

/// As in SwiftUI, a unit point animates both coordinates together, in a straight line.
extension UnitPoint: Animatable {
    /// The data to animate: the pair `(x, y)`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set {
            x = newValue.first
            y = newValue.second
        }
    }
}
