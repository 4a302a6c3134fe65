import Foundation

/// Insets on each edge, in points, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all value: CGFloat) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    /// The larger inset on each edge.
    public func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: Swift.max(top, other.top), leading: Swift.max(leading, other.leading),
                   bottom: Swift.max(bottom, other.bottom), trailing: Swift.max(trailing, other.trailing))
    }
}

extension CGRect {
    /// This rectangle grown by `insets` on each edge (leading is the left edge).
    package func outset(by insets: EdgeInsets) -> CGRect {
        CGRect(x: minX - insets.leading, y: minY - insets.top,
               width: width + insets.leading + insets.trailing, height: height + insets.top + insets.bottom)
    }
}
