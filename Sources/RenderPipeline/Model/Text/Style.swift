/// A style as written in a scene or built with `Text` modifiers: every field optional, so a
/// span overrides only what it names and inherits the rest from its block.
package struct Style: Hashable, Sendable {
    public var font: FontDescriptor?
    /// What `Text` modifiers such as `fontWeight(_:)`, `fontDesign(_:)` and `monospaced()` set:
    /// laid over whichever font the text ends up with, whatever order the modifiers came in, as
    /// SwiftUI applies them to the text's font.
    public var fontModifiers: FontDescriptor?
    public var color: Paint?
    public var bold: Bool?
    public var italic: Bool?
    public var underline: TextDecoration?
    public var strikethrough: TextDecoration?
    public var backgroundColor: Color?
    /// Points added after every character (letter spacing).
    public var kerning: Double?
    /// Points the text is raised above the baseline; negative lowers it.
    public var baselineOffset: Double?

    public init(font: FontDescriptor? = nil, color: Paint? = nil, bold: Bool? = nil, italic: Bool? = nil,
                underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil,
                backgroundColor: Color? = nil, kerning: Double? = nil, baselineOffset: Double? = nil,
                fontModifiers: FontDescriptor? = nil) {
        self.font = font
        self.fontModifiers = fontModifiers
        self.color = color
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.backgroundColor = backgroundColor
        self.kerning = kerning
        self.baselineOffset = baselineOffset
    }

    /// Fields `other` sets replace this style's; fonts merge field by field.
    public func overridden(by other: Style) -> Style {
        var result = self
        if let f = other.font { result.font = (font ?? FontDescriptor()).overridden(by: f) }
        if let f = other.fontModifiers { result.fontModifiers = (fontModifiers ?? FontDescriptor()).overridden(by: f) }
        if let v = other.color { result.color = v }
        if let v = other.bold { result.bold = v }
        if let v = other.italic { result.italic = v }
        if let v = other.underline { result.underline = v }
        if let v = other.strikethrough { result.strikethrough = v }
        if let v = other.backgroundColor { result.backgroundColor = v }
        if let v = other.kerning { result.kerning = v }
        if let v = other.baselineOffset { result.baselineOffset = v }
        return result
    }

    /// The font with the `Text` modifiers laid over it.
    public var effectiveFont: FontDescriptor {
        (font ?? FontDescriptor()).overridden(by: fontModifiers)
    }

    /// Concrete values for layout and drawing, with system defaults filled in.
    public func resolved(in environment: TextEnvironment) -> ResolvedStyle {
        let descriptor = effectiveFont
        let size: Double = switch (descriptor.textStyle, descriptor.size) {
        case let (style?, requested?): style.scaled(requested, for: environment.sizeCategory)
        case let (style?, nil): style.pointSize(for: environment.sizeCategory)
        case let (nil, fixed?): fixed
        case (nil, nil): TextStyle.body.pointSize(for: environment.sizeCategory)
        }
        var weight = descriptor.weight ?? (descriptor.textStyle ?? .body).defaultWeight
        if bold == true, weight.value < Font.Weight.bold.value { weight = .bold }
        if bold == false, descriptor.weight == nil { weight = (descriptor.textStyle ?? .body).defaultWeight }
        let systemFamily = switch descriptor.design {
        case .serif?: "serif"
        case .monospaced?: "Monospace"
        // No rounded face among the pinned fonts: `.rounded` draws as the default design.
        case .rounded?, .default?, nil: ResolvedStyle.defaultFamily
        }
        let family = descriptor.monospaced == true ? "Monospace" : (descriptor.family ?? systemFamily)
        var variations = descriptor.variations ?? [:]
        let stretch = descriptor.width?.cssPercentage ?? 100
        // A variable font draws the width on its `wdth` axis (unless the style sets the axis
        // itself); a family of static faces gets the face fontconfig matches to the stretch.
        if descriptor.width != nil, variations["wdth"] == nil { variations["wdth"] = stretch }
        return ResolvedStyle(
            family: family,
            size: size,
            weight: weight,
            stretch: stretch,
            italic: italic ?? descriptor.italic ?? false,
            paint: color ?? .color(.black),
            underline: underline?.isVisible == true ? underline : nil,
            strikethrough: strikethrough?.isVisible == true ? strikethrough : nil,
            backgroundColor: backgroundColor,
            kerning: kerning ?? 0,
            baselineOffset: baselineOffset ?? 0,
            features: descriptor.features ?? [:],
            variations: variations
        )
    }
}

/// A style with every value decided: what layout and drawing use.
package struct ResolvedStyle: Hashable, Sendable {
    /// The family used when a style names none; fontconfig resolves it.
    public static let defaultFamily = "Sans"

    public var family: String
    /// Point size (1 pt = 1 px at scale 1).
    public var size: Double
    public var weight: FontWeight
    /// Width as a CSS `font-stretch` percentage (100 is the family's usual width).
    public var stretch: Double = 100
    public var italic: Bool
    public var paint: Paint
    public var underline: TextDecoration?
    public var strikethrough: TextDecoration?
    public var backgroundColor: Color?
    public var kerning: Double
    public var baselineOffset: Double
    /// OpenType features by tag, as HarfBuzz applies them over the run.
    public var features: [String: Int] = [:]
    /// Variable-font axis values by tag.
    public var variations: [String: Double] = [:]

    /// The features as HarfBuzz reads them (`liga=0,tnum=1`), tags in order.
    var featureSettings: String {
        features.keys.sorted().map { "\($0)=\(features[$0]!)" }.joined(separator: ",")
    }

    /// The axis values as Pango and Cairo write them (`wdth=90,wght=650`), tags in order.
    var variationSettings: String {
        Self.variationSettings(variations)
    }

    static func variationSettings(_ variations: [String: Double]) -> String {
        variations.keys.sorted().map { "\($0)=\(JSONNode.format(variations[$0]!))" }.joined(separator: ",")
    }
}
