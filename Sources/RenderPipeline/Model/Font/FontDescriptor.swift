/// The font part of a style: every field optional so spans can override only what they name.
///
/// What a `Font` resolves to, and what a scene's `font` object decodes to.
package struct FontDescriptor: Hashable, Sendable {
    package var family: String?
    package var size: Double?
    package var textStyle: Font.TextStyle?
    package var weight: Font.Weight?
    package var italic: Bool?
    package var monospaced: Bool?
    /// The system font's look; a named family wins over it.
    package var design: Font.Design?
    package var width: Font.Width?
    /// OpenType features by four-letter tag (`"tnum": 1`, `"liga": 0`, `"salt": 2`); a span's
    /// features add to its block's, tag by tag.
    package var features: [String: Int]?
    /// Variable-font axis values by tag (`"wght": 650`, `"wdth": 90`); a span's add to its block's.
    package var variations: [String: Double]?
    /// Whether this is a whole `Font` (from `Text.font(_:)`, a Markdown element's font), which
    /// replaces the font it is laid over instead of merging with it field by field, as a scene's
    /// partial `font` object does.
    package var replacesInherited = false

    package init(family: String? = nil, size: Double? = nil, textStyle: Font.TextStyle? = nil,
                 weight: Font.Weight? = nil, italic: Bool? = nil, monospaced: Bool? = nil,
                 design: Font.Design? = nil, width: Font.Width? = nil,
                 features: [String: Int]? = nil, variations: [String: Double]? = nil) {
        self.family = family
        self.size = size
        self.textStyle = textStyle
        self.weight = weight
        self.italic = italic
        self.monospaced = monospaced
        self.design = design
        self.width = width
        self.features = features
        self.variations = variations
    }

    /// The system font at a text style, as `Font.body` in SwiftUI.
    package static func system(_ style: Font.TextStyle) -> FontDescriptor { FontDescriptor(textStyle: style) }

    /// Fields of `other` that are set replace this descriptor's; a whole font replaces it all.
    package func overridden(by other: FontDescriptor?) -> FontDescriptor {
        guard let other else { return self }
        if other.replacesInherited { return other }
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
        if let v = other.design { result.design = v }
        if let v = other.width { result.width = v }
        if let v = other.features { result.features = (features ?? [:]).merging(v) { _, new in new } }
        if let v = other.variations { result.variations = (variations ?? [:]).merging(v) { _, new in new } }
        return result
    }

    /// The same descriptor with a weight.
    package func weight(_ weight: Font.Weight) -> FontDescriptor {
        var copy = self
        copy.weight = weight
        return copy
    }
}
