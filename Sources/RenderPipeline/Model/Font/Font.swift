import Foundation

/// A font, as SwiftUI's `Font`: a text style that follows Dynamic Type, the system font at a
/// size, or a family by name, refined by modifiers (`.title2.weight(.heavy)`, `.body.italic()`).
///
/// A font is a description, not a face: Pango and fontconfig choose the face when text is laid
/// out, at the Dynamic Type size of the layout. Modifiers return a new font, and a later one
/// wins over an earlier one (`.bold().weight(.light)` is light), as in SwiftUI.
public struct Font: Hashable, Sendable {
    /// What the font resolves to; its fields replace everything a style inherits.
    package var descriptor: FontDescriptor

    package init(descriptor: FontDescriptor) {
        var descriptor = descriptor
        descriptor.replacesInherited = true
        self.descriptor = descriptor
    }

    // MARK: Text styles

    /// The font of large titles.
    public static let largeTitle = system(.largeTitle)
    /// The font of first-level headings.
    public static let title = system(.title)
    /// The font of second-level headings.
    public static let title2 = system(.title2)
    /// The font of third-level headings.
    public static let title3 = system(.title3)
    /// The font of headings: semibold at the body's size.
    public static let headline = system(.headline)
    /// The font of subheadings.
    public static let subheadline = system(.subheadline)
    /// The font of body text, and of text that sets no font.
    public static let body = system(.body)
    /// The font of callouts.
    public static let callout = system(.callout)
    /// The font of footnotes.
    public static let footnote = system(.footnote)
    /// The font of standard captions.
    public static let caption = system(.caption)
    /// The font of alternate captions.
    public static let caption2 = system(.caption2)

    // MARK: System and custom fonts

    /// The system font at a text style, scaled with Dynamic Type, in an optional design and weight.
    ///
    /// `.serif` draws with the serif family and `.monospaced` with the monospaced one; the pinned
    /// fonts have no rounded face, so `.rounded` draws as `.default`.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(descriptor: FontDescriptor(textStyle: style, weight: weight, design: design))
    }

    /// The system font at a fixed size: it does not follow Dynamic Type.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(descriptor: FontDescriptor(size: Double(size), weight: weight, design: design))
    }

    /// A font family by name at `size`, scaled with Dynamic Type as body text is.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        custom(name, size: size, relativeTo: .body)
    }

    /// A font family by name at `size`, scaled with Dynamic Type as `textStyle` is.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        // Regular, not the style's own weight: `relativeTo: .headline` borrows only its scaling.
        Font(descriptor: FontDescriptor(family: name, size: Double(size), textStyle: textStyle, weight: .regular))
    }

    /// A font family by name at a size that does not follow Dynamic Type.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(descriptor: FontDescriptor(family: name, size: Double(fixedSize), weight: .regular))
    }

    // MARK: Modifiers

    /// This font at `weight`.
    public func weight(_ weight: Weight) -> Font { changing { $0.weight = weight } }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }

    /// This font's italic (or, where the family has none, slanted) face.
    public func italic() -> Font { changing { $0.italic = true } }

    /// The fixed-width font in this font's size and weight.
    public func monospaced() -> Font { changing { $0.monospaced = true } }

    /// This font with figures of equal width (OpenType `tnum`), for prices, timers and tables.
    public func monospacedDigit() -> Font { features(["tnum": 1]) }

    /// This font at `width`: a condensed or expanded face of the family, or its `wdth` axis.
    public func width(_ width: Width) -> Font { changing { $0.width = width } }

    /// Lowercase and uppercase letters as small capitals (OpenType `smcp` and `c2sc`).
    public func smallCaps() -> Font { features(["smcp": 1, "c2sc": 1]) }

    /// Lowercase letters as small capitals (OpenType `smcp`).
    public func lowercaseSmallCaps() -> Font { features(["smcp": 1]) }

    /// Uppercase letters as small capitals (OpenType `c2sc`).
    public func uppercaseSmallCaps() -> Font { features(["c2sc": 1]) }

    /// This font with OpenType features set by tag (`["ss01": 1, "liga": 0]`); not in SwiftUI,
    /// which reaches them through Core Text.
    public func features(_ features: [String: Int]) -> Font {
        changing { $0.features = ($0.features ?? [:]).merging(features) { _, new in new } }
    }

    /// This font at variable-font axis values by tag (`["wght": 650]`); not in SwiftUI, which
    /// reaches them through Core Text.
    public func variations(_ variations: [String: Double]) -> Font {
        changing { $0.variations = ($0.variations ?? [:]).merging(variations) { _, new in new } }
    }

    private func changing(_ change: (inout FontDescriptor) -> Void) -> Font {
        var copy = self
        change(&copy.descriptor)
        return copy
    }
}
