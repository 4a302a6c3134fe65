import Foundation

// Apple platforms get the real type from CoreGraphics; Linux Foundation lacks it.
#if !canImport(CoreGraphics)

/// A two-dimensional vector, as CoreGraphics' `CGVector`.
package struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    /// The zero vector.
    public init() {
        self.init(dx: 0, dy: 0)
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = CGVector()
}

#endif
