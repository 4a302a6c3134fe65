import Foundation

/// Reading the code colouring fields of a `markdownStyle`, and colouring a document's code
/// while the scene is read so that what cannot be coloured is a warning with its JSON path.
extension JSONNode {
    /// The `markdownStyle` fields this file reads.
    static let codeHighlightingKeys = ["codeTheme", "codeOverflow"]

    /// `codeTheme` (`"github"`, `"github-dark"` or `"none"`; by default the colours that go with
    /// the style's `theme`: dark themes take `github-dark`) and `codeOverflow` (`"wrap"`,
    /// `"fade"` or `"clip"`) into `style`.
    func readCodeHighlighting(into style: inout MarkdownStyle) {
        if self["codeTheme"].isPresent {
            style.codeTheme = self["codeTheme"].choice([("github", CodeTheme?.some(.github)), ("github-dark", .githubDark), ("none", nil)]) ?? style.codeTheme
        } else if style.codeTheme == nil {
            // A theme without code colours of its own (a new one): GitHub's, light or dark as its name says.
            let theme = self["theme"].value?.stringValue ?? "light"
            style.codeTheme = theme.contains("dark") ? .githubDark : .github
        }
        style.codeOverflow = self["codeOverflow"].enumeration(CodeOverflow.self) ?? style.codeOverflow
    }

    /// Colours every fenced code block of `markdown` that names a language (one batch, see
    /// `CodeHighlighter`) and returns a warning for each that stays plain: an unknown
    /// language, code over the size limit, or, once for the document, no Pygments.
    func codeWarnings(for markdown: MarkdownView, highlighter: CodeHighlighter = .shared) -> [String] {
        guard markdown.style.codeTheme != nil else { return [] }
        let snippets = CodeSnippet.snippets(in: markdown.document)
        guard !snippets.isEmpty else { return [] }
        var warnings: [String] = [], reasons = Set<String>()
        for (snippet, result) in zip(snippets, highlighter.highlight(snippets)) {
            switch result {
            case .highlighted: break
            case .unknownLanguage:
                warnings.append("\(path): code in \"\(snippet.language)\", a language Pygments does not know, is shown without colours")
            case .unavailable(let reason):
                // One line per reason: a missing Pygments is said once, not per block.
                if reasons.insert(reason).inserted {
                    warnings.append("\(path): code in \"\(snippet.language)\" is shown without colours: \(reason)")
                }
            }
        }
        return warnings
    }
}
