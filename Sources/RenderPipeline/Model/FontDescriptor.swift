/// The font part of a style: every field optional so spans can override only what they name.
public struct FontDescriptor: Hashable, Sendable {
    public var family: String?
    public var size: Double?
    public var textStyle: TextStyle?
    public var weight: FontWeight?
    public var italic: Bool?
    public var monospaced: Bool?

    public init(family: String? = nil, size: Double? = nil, textStyle: TextStyle? = nil,
                weight: FontWeight? = nil, italic: Bool? = nil, monospaced: Bool? = nil) {
        self.family = family
        self.size = size
        self.textStyle = textStyle
        self.weight = weight
        self.italic = italic
        self.monospaced = monospaced
    }

    /// The system font at a text style, as `Font.body` in SwiftUI.
    public static func system(_ style: TextStyle) -> FontDescriptor { FontDescriptor(textStyle: style) }

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
        return result
    }
}
