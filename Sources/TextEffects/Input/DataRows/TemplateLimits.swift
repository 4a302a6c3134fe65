/// How much a template's values may hold: data rows are untrusted input.
package enum TemplateLimits {
    /// Characters in one value (a title, a price, a Markdown description).
    public static let maximumValueCharacters = 1_000_000
    /// Characters that filling every placeholder of a scene may add in all (a value used in
    /// many places counts each time).
    public static let maximumFilledCharacters = 16_000_000
}
