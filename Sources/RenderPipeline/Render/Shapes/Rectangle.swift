import Foundation

/// A rectangle filling the frame it is drawn in, as SwiftUI's `Rectangle`.
public struct Rectangle: Shape, Hashable {
    public init() {}

    public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// Insetting draws the shape in the frame inset by the amount, as SwiftUI's `Rectangle` does.
extension Rectangle: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        rect.inset(byAmount: amount).map { Path($0) } ?? Path()
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
