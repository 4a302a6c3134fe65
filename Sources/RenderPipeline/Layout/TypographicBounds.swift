import Foundation

/// Where a line, run or glyph sits: its pen origin on the baseline, its advance width and the
/// ascent and descent above and below the baseline, all in points in the layout's coordinates.
public struct TypographicBounds: Hashable, Sendable {
    /// The pen position on the baseline where this element starts (its left edge, even in RTL text).
    public var origin: CGPoint
    public var width: Double
    public var ascent: Double
    public var descent: Double

    public init(origin: CGPoint, width: Double, ascent: Double, descent: Double) {
        self.origin = origin
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// The box from ascent to descent over the advance width.
    public var rect: CGRect {
        CGRect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}
