extension FontDescriptor {
    // The text styles as SwiftUI's `Font.body`, `Font.headline` …, so `.font(.headline)` reads the same.
    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let subheadline = system(.subheadline)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)

    /// The system font at a fixed size (it does not follow Dynamic Type), as SwiftUI's
    /// `Font.system(size:weight:design:)`. `.serif` picks the serif family; `.rounded` has no
    /// rounded face among the pinned fonts and draws as the default one.
    package static func system(size: Double, weight: FontWeight? = nil, design: Design? = nil) -> FontDescriptor {
        var font = FontDescriptor(size: size, weight: weight)
        switch design {
        case .serif?: font.family = "serif"
        case .monospaced?: font.monospaced = true
        case .default?, .rounded?, nil: break
        }
        return font
    }

    /// A font family at `size`, scaled with Dynamic Type relative to `textStyle`, as
    /// SwiftUI's `Font.custom(_:size:relativeTo:)`.
    package static func custom(_ family: String, size: Double, relativeTo textStyle: TextStyle? = nil) -> FontDescriptor {
        FontDescriptor(family: family, size: size, textStyle: textStyle)
    }

    /// The same descriptor with a weight.
    package func weight(_ weight: FontWeight) -> FontDescriptor {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// The same descriptor with figures of equal width (`tnum`), as SwiftUI's `Font.monospacedDigit()`.
    public func monospacedDigit() -> FontDescriptor { adding(features: ["tnum": 1]) }
    /// Lowercase and uppercase letters as small capitals (`smcp`, `c2sc`), as SwiftUI's `Font.smallCaps()`.
    public func smallCaps() -> FontDescriptor { adding(features: ["smcp": 1, "c2sc": 1]) }
    /// Lowercase letters as small capitals (`smcp`), as SwiftUI's `Font.lowercaseSmallCaps()`.
    public func lowercaseSmallCaps() -> FontDescriptor { adding(features: ["smcp": 1]) }
    /// Uppercase letters as small capitals (`c2sc`), as SwiftUI's `Font.uppercaseSmallCaps()`.
    public func uppercaseSmallCaps() -> FontDescriptor { adding(features: ["c2sc": 1]) }

    /// The same descriptor with OpenType features set (`["ss01": 1, "liga": 0]`), tag by tag.
    public func features(_ features: [String: Int]) -> FontDescriptor { adding(features: features) }
    /// The same descriptor at variable-font axis values (`["wght": 650]`), tag by tag.
    public func variations(_ variations: [String: Double]) -> FontDescriptor {
        var copy = self
        copy.variations = (self.variations ?? [:]).merging(variations) { _, new in new }
        return copy
    }

    private func adding(features: [String: Int]) -> FontDescriptor {
        var copy = self
        copy.features = (self.features ?? [:]).merging(features) { _, new in new }
        return copy
    }
}
