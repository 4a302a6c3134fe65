import Foundation

/// The largest circle centered in the frame it is drawn in, as SwiftUI's `Circle`: its diameter
/// is the frame's shorter side.
public struct Circle: Shape, Hashable {
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let rect = rect.standardized
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
}

/// Insetting draws the shape in the frame inset by the amount, as SwiftUI's `Circle` does.
extension Circle: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        rect.inset(byAmount: amount).map(path(in:)) ?? Path()
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
