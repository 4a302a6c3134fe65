import Foundation

/// A shape that knows how to draw itself inset, the one piece each built-in shape supplies so
/// that a single `InsetOutline` type serves them all.
protocol InsetDrawable: Shape {
    /// The shape's outline in `rect` inset by `amount` on every side.
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path
}

/// A built-in shape inset by an amount; insetting it again adds the amounts.
struct InsetOutline<Base: InsetDrawable>: InsettableShape {
    var base: Base
    var amount: CGFloat

    var animatableData: AnimatablePair<Base.AnimatableData, CGFloat> {
        get { AnimatablePair(base.animatableData, amount) }
        set {
            base.animatableData = newValue.first
            amount = newValue.second
        }
    }

    func path(in rect: CGRect) -> Path {
        base.path(in: rect, insetBy: amount)
    }

    func inset(by amount: CGFloat) -> InsetOutline<Base> {
        InsetOutline(base: base, amount: self.amount + amount)
    }
}

extension CGRect {
    /// The frame inset by `amount` on every side, or nil once it is inset past its middle.
    func inset(byAmount amount: CGFloat) -> CGRect? {
        let rect = standardized
        guard rect.width - 2 * amount >= 0, rect.height - 2 * amount >= 0 else { return nil }
        return rect.insetBy(dx: amount, dy: amount)
    }
}
