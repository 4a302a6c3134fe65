import Foundation

extension Font {
    /// A width for families that have several, from compressed to expanded.
    ///
    /// `value` is on Core Text's width-trait scale (−1 narrowest, 0 standard, 1 widest). Layout
    /// asks fontconfig for the matching CSS `font-stretch` percentage (`cssPercentage`): a family
    /// with a condensed or expanded face gets that face, and a variable font its `wdth` axis at
    /// that percentage.
    public struct Width: Hashable, Sendable {
        /// The width on the −1…1 scale.
        public var value: CGFloat

        /// A width on the −1…1 scale.
        public init(_ value: CGFloat) { self.value = value }

        /// The narrowest width (CSS extra-condensed, 62.5 %).
        public static let compressed = Width(-0.4)
        /// A narrow width (CSS condensed, 75 %).
        public static let condensed = Width(-0.2)
        /// The family's usual width (100 %).
        public static let standard = Width(0)
        /// A wide width (CSS expanded, 125 %).
        public static let expanded = Width(0.2)

        /// The CSS `font-stretch` percentage (50–200, the range of `wdth`): the named widths at
        /// their CSS keywords, values between them on straight lines.
        package var cssPercentage: Double {
            let points: [(value: Double, percent: Double)] = [(-1, 50), (-0.4, 62.5), (-0.2, 75), (0, 100), (0.2, 125), (1, 200)]
            let v = min(max(Double(value), -1), 1)
            for (a, b) in zip(points, points.dropFirst()) where v <= b.value {
                return a.percent + (v - a.value) / (b.value - a.value) * (b.percent - a.percent)
            }
            return 200
        }
    }
}
