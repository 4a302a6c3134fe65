import Foundation

/// One piece of code to colour: the language its fence (or a `code` block) names and its text.
package struct CodeSnippet: Hashable, Sendable {
    /// The language as Pygments looks it up: the info string's first word, lowercased.
    public var language: String
    public var code: String

    /// `language` as written (`"Swift"`, `"python title=app.py"`): only its first word counts.
    public init(language: String, code: String) {
        self.language = language.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() } ?? ""
        self.code = code
    }

    /// The snippets of a parsed document's fenced code blocks that name a language, in
    /// reading order, each once. A block without a language is not coloured (GitHub does not guess).
    package static func snippets(in document: MarkdownNode) -> [CodeSnippet] {
        var seen = Set<CodeSnippet>(), result: [CodeSnippet] = []
        func visit(_ node: MarkdownNode) {
            if case .codeBlock(let language?, let code) = node {
                let snippet = CodeSnippet(language: language, code: code)
                // A ```math fence is a formula (Input/Math), not code to colour.
                if !snippet.language.isEmpty, snippet.language.lowercased() != "math", seen.insert(snippet).inserted { result.append(snippet) }
            }
            node.children.forEach(visit)
        }
        visit(document)
        return result
    }

    /// The snippet of the document's last code block (in reading order), if it names a language.
    package static func lastCodeBlock(in document: MarkdownNode) -> CodeSnippet? {
        var node = document
        while true {
            if case .codeBlock(let language?, let code) = node { return CodeSnippet(language: language, code: code) }
            guard let last = node.children.last else { return nil }
            node = last
        }
    }
}
