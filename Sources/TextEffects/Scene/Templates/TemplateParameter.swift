import Foundation

/// A value a scene template takes (`"parameters": {"title": {"type": "string"}}`), filled in
/// wherever the scene writes `{{title}}`.
package struct TemplateParameter: Hashable, Sendable {
    /// What a value must be, and how it is shown.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text, shown as written: never read as markup or Markdown, so data cannot style it.
        case string
        /// A number, shown by `format` (a printf-style conversion, in the scene's locale).
        case number
        /// `true` or `false`.
        case boolean
        /// A colour (`#RRGGBB`, `#RRGGBBAA`, a name), checked as a colour.
        case color
        /// An image path, relative to the scene's folder and confined like every asset.
        case image
        /// Markup the data may style text with (`<b>`, `<span …>`), where the scene reads markup.
        case markup
        /// Markdown the data may format text with, where the scene reads Markdown.
        case markdown
    }

    public var name: String
    public var kind: Kind
    /// The value when none is given; a parameter without one is required.
    public var defaultValue: JSONValue?
    /// For numbers: a format string with one numeric conversion (`"%.2f"`, `"$%.2f"`, `"%lld"`),
    /// shown for the scene's locale; without one a number shows as JSON writes it.
    public var format: String?

    public init(name: String, kind: Kind = .string, defaultValue: JSONValue? = nil, format: String? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.format = format
    }
}
