import Foundation

extension TextLayout {
    /// Where a line, run or glyph sits, as SwiftUI's `Text.Layout.TypographicBounds`: its pen
    /// origin on the baseline, its advance width and the ascent and descent above and below the
    /// baseline, all in points in the layout's coordinates.
    public struct TypographicBounds: Hashable, Sendable {
        /// The pen position on the baseline where this element starts (its left edge, even in RTL text).
        public var origin: CGPoint
        public var width: CGFloat
        public var ascent: CGFloat
        public var descent: CGFloat
        /// The space a line keeps below its descent (line spacing); 0 for runs and glyphs.
        public var leading: CGFloat

        /// Empty bounds at the zero origin.
        public init() {
            self.init(origin: .zero, width: 0, ascent: 0, descent: 0)
        }

        public init(origin: CGPoint, width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat = 0) {
            self.origin = origin
            self.width = width
            self.ascent = ascent
            self.descent = descent
            self.leading = leading
        }

        /// The box from ascent to descent over the advance width.
        public var rect: CGRect {
            CGRect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
        }
    }
}

/// The name these bounds had before they moved into `Text.Layout`.
package typealias TypographicBounds = TextLayout.TypographicBounds
