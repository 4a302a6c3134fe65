// Apple platforms get the real type from CoreGraphics; Linux Foundation lacks it.
#if !canImport(CoreGraphics)

/// How the ends of an open stroked line are drawn, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Hashable, Sendable {
    /// The line stops square at its end point.
    case butt = 0
    /// A half circle of the line's width is added at each end.
    case round = 1
    /// A half square of the line's width is added at each end.
    case square = 2
}

#endif
