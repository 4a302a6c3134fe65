import Foundation

/// A size proposal, as SwiftUI's `ProposedViewSize`: `nil` in a dimension means "your ideal size".
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat? = nil, height: CGFloat? = nil) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    /// The minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// The ideal size in both dimensions.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// The maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with each unspecified dimension taken from `size`.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

/// The name proposals had before they took SwiftUI's.
public typealias ProposedSize = ProposedViewSize
