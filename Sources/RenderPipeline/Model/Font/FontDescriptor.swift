/// The font part of a style: every field optional so spans can override only what they name.
public struct FontDescriptor: Hashable, Sendable {
    public var family: String?
    public var size: Double?
    package var textStyle: TextStyle?
    package var weight: FontWeight?
    public var italic: Bool?
    public var monospaced: Bool?
    /// OpenType features by four-letter tag (`"tnum": 1`, `"liga": 0`, `"salt": 2`); a span's
    /// features add to its block's, tag by tag.
    public var features: [String: Int]?
    /// Variable-font axis values by tag (`"wght": 650`, `"wdth": 90`); a span's add to its block's.
    public var variations: [String: Double]?

    package init(family: String? = nil, size: Double? = nil, textStyle: TextStyle? = nil,
                weight: FontWeight? = nil, italic: Bool? = nil, monospaced: Bool? = nil,
                features: [String: Int]? = nil, variations: [String: Double]? = nil) {
        self.family = family
        self.size = size
        self.textStyle = textStyle
        self.weight = weight
        self.italic = italic
        self.monospaced = monospaced
        self.features = features
        self.variations = variations
    }

    /// The system font at a text style, as `Font.body` in SwiftUI.
    package static func system(_ style: TextStyle) -> FontDescriptor { FontDescriptor(textStyle: style) }

    /// Fields of `other` that are set replace this descriptor's.
    public func overridden(by other: FontDescriptor?) -> FontDescriptor {
        guard let other else { return self }
        var result = self
        if let v = other.family { result.family = v }
        if let v = other.textStyle {
            result.textStyle = v
            // A span that names only a text style takes that style's size, not an inherited fixed one.
            if other.size == nil { result.size = nil }
        }
        if let v = other.size { result.size = v }
        if let v = other.weight { result.weight = v }
        if let v = other.italic { result.italic = v }
        if let v = other.monospaced { result.monospaced = v }
        if let v = other.features { result.features = (features ?? [:]).merging(v) { _, new in new } }
        if let v = other.variations { result.variations = (variations ?? [:]).merging(v) { _, new in new } }
        return result
    }
}
