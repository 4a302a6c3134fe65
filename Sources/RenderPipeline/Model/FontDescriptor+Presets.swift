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

    /// The system font at a fixed size (it does not follow Dynamic Type).
    public static func system(size: Double, weight: FontWeight? = nil) -> FontDescriptor {
        FontDescriptor(size: size, weight: weight)
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
