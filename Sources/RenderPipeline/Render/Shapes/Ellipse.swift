import Foundation

/// The ellipse inscribed in the frame it is drawn in, as SwiftUI's `Ellipse`.
public struct Ellipse: Shape, Hashable {
    public init() {}

    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// Insetting draws the shape in the frame inset by the amount, as SwiftUI's `Ellipse` does.
extension Ellipse: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        rect.inset(byAmount: amount).map(path(in:)) ?? Path()
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
