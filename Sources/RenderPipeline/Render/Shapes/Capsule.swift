import Foundation

/// A rectangle whose corner radius is half its shorter side, filling the frame it is drawn in,
/// as SwiftUI's `Capsule`.
public struct Capsule: Shape, Hashable {
    /// How the corners are drawn; SwiftUI defaults to `.continuous`.
    public var style: RoundedCornerStyle

    public init(style: RoundedCornerStyle = .continuous) {
        self.style = style
    }

    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(abs(rect.width), abs(rect.height)) / 2, style: style)
    }
}

/// Insetting draws the shape in the frame inset by the amount, as SwiftUI's `Capsule` does.
extension Capsule: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        rect.inset(byAmount: amount).map(path(in:)) ?? Path()
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
