extension TextLayout {
    /// Options for drawing a line, run or slice, as SwiftUI's `Text.Layout.DrawingOptions`.
    public struct DrawingOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Draw glyphs at their exact fractional positions. Positions are never rounded here,
        /// so every draw already does this.
        public static let disablesSubpixelQuantization = DrawingOptions(rawValue: 1 << 0)
    }
}
