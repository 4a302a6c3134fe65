/// A string's text in one language: a format string, or variations by plural category (and
/// by device, of which the `other` form applies), with substitutions for strings that vary by
/// more than one number: the model of a String Catalog's `localizations.<language>` entry.
package struct LocalizedValue: Hashable, Sendable {
    /// `stringUnit.value`: the format string, when the string has no variations.
    public var format: String?
    /// `variations.plural`: a form per CLDR category; the form follows the string's first number.
    public var plural: [PluralCategory: LocalizedValue]
    /// `variations.device`: forms per device (`iphone`, `mac`, … `other`).
    public var device: [String: LocalizedValue]
    /// `substitutions`: the `%#@name@` variables of the format and its forms.
    public var substitutions: [String: Substitution]

    public init(format: String? = nil, plural: [PluralCategory: LocalizedValue] = [:], device: [String: LocalizedValue] = [:],
                substitutions: [String: Substitution] = [:]) {
        self.format = format
        self.plural = plural
        self.device = device
        self.substitutions = substitutions
    }

    /// A `%#@name@` variable: one argument's plural forms, each a format in which `%arg` stands
    /// for the argument itself.
    public struct Substitution: Hashable, Sendable {
        /// The 1-based argument that chooses the form; `nil`: the position of `%#@name@` itself.
        public var argument: Int?
        /// How `%arg` shows the argument (`lld`, `@`, `.1f`).
        public var formatSpecifier: String
        public var plural: [PluralCategory: LocalizedValue]

        public init(argument: Int?, formatSpecifier: String, plural: [PluralCategory: LocalizedValue]) {
            self.argument = argument
            self.formatSpecifier = formatSpecifier
            self.plural = plural
        }
    }

    /// Every format string in this value, its forms and substitutions (with `%arg` written out),
    /// each with the substitution variables it may use.
    func allFormats(depth: Int = 0) -> [(format: String, substitutions: [String: Substitution])] {
        guard depth < 8 else { return [] }
        var formats: [(String, [String: Substitution])] = []
        if let format { formats.append((format, substitutions)) }
        for (_, form) in plural.sorted(by: { $0.key < $1.key }) {
            formats += form.allFormats(depth: depth + 1).map { ($0.format, $0.substitutions.merging(substitutions) { a, _ in a }) }
        }
        for (_, form) in device.sorted(by: { $0.key < $1.key }) {
            formats += form.allFormats(depth: depth + 1).map { ($0.format, $0.substitutions.merging(substitutions) { a, _ in a }) }
        }
        return formats
    }
}
