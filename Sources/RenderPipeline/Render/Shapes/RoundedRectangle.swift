import Foundation

/// A rectangle with rounded corners filling the frame it is drawn in, as SwiftUI's
/// `RoundedRectangle`.
///
/// Corners too big for the frame are scaled down, keeping their proportions, until they reach
/// the middle of an edge: a radius of half the shorter side or more draws a capsule.
public struct RoundedRectangle: Shape, Hashable {
    /// The width and height of the rounded corners.
    public var cornerSize: CGSize
    /// How the corners are drawn; SwiftUI defaults to `.continuous`.
    public var style: RoundedCornerStyle

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// The corner size, animated as SwiftUI animates it: width and height.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(cornerSize.width, cornerSize.height) }
        set { cornerSize = CGSize(width: newValue.first, height: newValue.second) }
    }

    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerSize: cornerSize, style: style)
    }
}

/// Insetting shrinks the frame and the corners by the amount, as SwiftUI's `RoundedRectangle` does.
extension RoundedRectangle: InsettableShape, InsetDrawable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let inset = rect.inset(byAmount: amount) else { return Path() }
        let corner = CGSize(width: max(cornerSize.width - amount, 0), height: max(cornerSize.height - amount, 0))
        return Path(roundedRect: inset, cornerSize: corner, style: style)
    }

    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetOutline(base: self, amount: amount)
    }
}
