/// The line pattern of an underline or strikethrough.
package enum DecorationPattern: String, CaseIterable, Hashable, Sendable, Codable {
    case single, double, dotted, dashed, wavy
    /// Dashes and dots in turn, as SwiftUI's `Text.LineStyle.Pattern.dashDot`.
    case dashDot
    /// A dash and two dots in turn, as SwiftUI's `Text.LineStyle.Pattern.dashDotDot`.
    case dashDotDot
}

/// An underline or strikethrough: its pattern and, when set, its own color.
package struct TextDecoration: Hashable, Sendable {
    public var pattern: DecorationPattern
    /// The line's color; `nil` uses the text's color.
    public var color: Color?

    /// Whether the line is drawn; a span sets `false` to remove a decoration it inherits.
    public var isVisible: Bool

    public init(pattern: DecorationPattern = .single, color: Color? = nil, isVisible: Bool = true) {
        self.pattern = pattern
        self.color = color
        self.isVisible = isVisible
    }

    /// No line, overriding an inherited decoration.
    public static let none = TextDecoration(isVisible: false)
}
