// Apple platforms get the real type from CoreGraphics; Linux Foundation lacks it.
#if !canImport(CoreGraphics)

/// How the corners between stroked segments are drawn, as CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Hashable, Sendable {
    /// The outer edges extend to a point, falling back to a bevel past the miter limit.
    case miter = 0
    /// The corner is rounded with a circle of the line's width.
    case round = 1
    /// The corner is cut off square.
    case bevel = 2
}

#endif
