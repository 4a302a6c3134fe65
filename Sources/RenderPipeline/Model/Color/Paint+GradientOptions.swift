extension Paint {
    /// How a gradient spreads past its ends and blends its colours, as SwiftUI's
    /// `GraphicsContext.GradientOptions` (which is this type).
    public struct GradientOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Repeat the gradient past its end points.
        public static let `repeat` = GradientOptions(rawValue: 1 << 0)
        /// Repeat it mirrored (wins over `repeat`).
        public static let mirror = GradientOptions(rawValue: 1 << 1)
        /// Interpolate colours in linear light.
        public static let linearColor = GradientOptions(rawValue: 1 << 2)
    }
}
