/// A Dynamic Type size category, as in iOS Settings › Display & Brightness › Text Size.
public enum DynamicTypeSize: String, CaseIterable, Hashable, Sendable, Codable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { rawValue.hasPrefix("accessibility") }
}

extension Font {
    /// A semantic text style whose point size follows the Dynamic Type size category.
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

        /// The weight Apple's text styles use: `headline` is semibold, the rest regular.
        package var defaultWeight: Font.Weight { self == .headline ? .semibold : .regular }

        /// The point size of this style at a size category (Apple's iOS Human Interface Guidelines table).
        package func pointSize(for category: DynamicTypeSize) -> Double {
            let row = DynamicTypeTable.sizes[category]!
            return row[TextStyle.allCases.firstIndex(of: self)!]
        }

        /// Scales a size chosen for this style at `large` to `category`, as `UIFontMetrics.scaledValue` does.
        package func scaled(_ size: Double, for category: DynamicTypeSize) -> Double {
            size * pointSize(for: category) / pointSize(for: .large)
        }
    }
}

/// The text style's name inside the package, from before `Font` existed.
package typealias TextStyle = Font.TextStyle

/// Apple's Dynamic Type point sizes: one row per category, columns in `Font.TextStyle.allCases` order.
enum DynamicTypeTable {
    static let sizes: [DynamicTypeSize: [Double]] = [
        //               lTitle title t2  t3  head body call sub foot cap cap2
        .xSmall:         [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],
        .small:          [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],
        .medium:         [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],
        .large:          [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],
        .xLarge:         [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],
        .xxLarge:        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],
        .xxxLarge:       [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],
        .accessibility1: [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],
        .accessibility2: [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],
        .accessibility3: [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],
        .accessibility4: [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],
        .accessibility5: [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],
    ]
}
