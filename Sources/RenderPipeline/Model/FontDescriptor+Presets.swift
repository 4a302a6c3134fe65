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
    public static func system(size: Double, weight: FontWeight? = nil, design: Design? = nil) -> FontDescriptor {
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
    public static func custom(_ family: String, size: Double, relativeTo textStyle: TextStyle? = nil) -> FontDescriptor {
        FontDescriptor(family: family, size: size, textStyle: textStyle)
    }

    /// The same descriptor with a weight.
    public func weight(_ weight: FontWeight) -> FontDescriptor {
        var copy = self
        copy.weight = weight
        return copy
    }
}
