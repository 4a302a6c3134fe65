import Foundation

/// A scene's `code` block as the Markdown document it is laid out as: one fenced code block,
/// so it is boxed, labelled, coloured, wrapped, selected and measured exactly as fenced code in
/// a `markdown` block, and styled by the same `markdownStyle`.
enum CodeBlockSource {
    /// The most characters a `language` may have.
    static let maximumLanguageLength = 64

    /// `code` fenced with more backticks than any run of them inside it, so nothing in the
    /// code can close the fence, and `language` as the info string.
    static func markdown(code: String, language: String?) -> String {
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        let fence = String(repeating: "`", count: Swift.max(3, longest + 1))
        return fence + (language ?? "") + "\n" + code + (code.hasSuffix("\n") || code.isEmpty ? "" : "\n") + fence + "\n"
    }

    /// Why `language` cannot name a code block's language, or nil: a fence's info string is
    /// one word of letters, digits and `+ - # . _`.
    static func problem(language: String) -> String? {
        if language.isEmpty { return "a language cannot be empty (leave it out for code without colours)" }
        if language.count > maximumLanguageLength { return "a language name has at most \(maximumLanguageLength) characters" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "+-#._"))
        guard language.unicodeScalars.allSatisfy(allowed.contains) else {
            return "\"\(language)\" is not a language name (letters, digits and + - # . _ only)"
        }
        return nil
    }
}
