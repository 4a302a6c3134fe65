import Foundation

/// A rectangle whose corners each have a radius of their own, filling the frame it is drawn in,
/// as SwiftUI's `UnevenRoundedRectangle`: a tab rounded only at the top, a speech bubble with one
/// sharp corner.
///
/// Radii too big for the frame are scaled down together until no two corners on an edge
/// overlap, as CSS does with `border-radius`; equal radii give `RoundedRectangle`'s outline.
public struct UnevenRoundedRectangle: Shape, Hashable {
    /// The radius of each corner.
    public var cornerRadii: RectangleCornerRadii
    /// How the corners are drawn; SwiftUI defaults to `.continuous`.
    public var style: RoundedCornerStyle

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }

    /// The corner radii, animated as SwiftUI animates them.
    public var animatableData: RectangleCornerRadii.AnimatableData {
        get { cornerRadii.animatableData }
        set { cornerRadii.animatableData = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadii: cornerRadii, style: style)
    }
}

/// Insetting shrinks the frame and each corner by the amount, as SwiftUI's `UnevenRoundedRectangle` does.
extension UnevenRoundedRectangle: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let inset = rect.inset(byAmount: amount) else { return Path() }
        let radii = RectangleCornerRadii(topLeading: max(cornerRadii.topLeading - amount, 0),
                                         bottomLeading: max(cornerRadii.bottomLeading - amount, 0),
                                         bottomTrailing: max(cornerRadii.bottomTrailing - amount, 0),
                                         topTrailing: max(cornerRadii.topTrailing - amount, 0))
        return Path(roundedRect: inset, cornerRadii: radii, style: style)
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
