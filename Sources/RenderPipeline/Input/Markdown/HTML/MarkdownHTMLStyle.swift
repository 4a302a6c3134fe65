/// The inline looks raw HTML gives text that Markdown has no syntax for.
package enum MarkdownHTMLStyle: String, Hashable, Sendable, CaseIterable {
    /// `<kbd>`: a key cap (monospaced on a light box).
    case keyboard
    /// `<sub>`: smaller, below the baseline.
    case `subscript`
    /// `<sup>`: smaller, above the baseline.
    case superscript
    /// `<ins>`: underlined.
    case inserted
    /// `<mark>`: highlighted.
    case marked
}
