import Foundation

/// Pygments' reading of one snippet: its text cut into tokens, each with a token type
/// (`Keyword`, `Name.Function` …) and a length in Unicode scalars, covering the whole code.
package struct HighlightedCode: Hashable, Sendable {
    /// The token types that occur, each once; `tokens` refer to them by index.
    public var types: [String]
    /// Each token's type (an index into `types`) and its length in Unicode scalars, in order.
    public var tokens: [Token]

    public struct Token: Hashable, Sendable {
        public var type: Int
        public var length: Int

        public init(type: Int, length: Int) {
            self.type = type
            self.length = length
        }
    }

    public init(types: [String], tokens: [Token]) {
        self.types = types
        self.tokens = tokens
    }

    /// The type of the token that holds the `scalar`-th Unicode scalar, for tests and tools.
    public func type(atScalar scalar: Int) -> String? {
        var start = 0
        for token in tokens {
            if scalar < start + token.length { return types.indices.contains(token.type) ? types[token.type] : nil }
            start += token.length
        }
        return nil
    }

    /// `code` as spans styled by `theme` (to go over the code block's text style): tokens of a
    /// type the theme leaves alone have an empty style. Nil when the tokens do not cover
    /// `code` exactly (a cache entry for other text), so the caller shows it plain.
    public func spans(of code: String, theme: CodeTheme) -> [Span]? {
        let scalars = code.unicodeScalars
        guard tokens.reduce(0, { $0 + $1.length }) == scalars.count else { return nil }
        let styles = types.map { theme.style(for: Substring($0)) }
        var spans: [Span] = []
        var index = scalars.startIndex
        var pending = "", pendingStyle: Style?? = .none
        for token in tokens where token.length > 0 {
            guard styles.indices.contains(token.type) else { return nil }
            let end = scalars.index(index, offsetBy: token.length)
            let style = styles[token.type]
            if case .some(let current) = pendingStyle, current != style {
                spans.append(Span(pending, style: current ?? Style()))
                pending = ""
            }
            pending += String(scalars[index..<end])
            pendingStyle = .some(style)
            index = end
        }
        if case .some(let current) = pendingStyle, !pending.isEmpty {
            spans.append(Span(pending, style: current ?? Style()))
        }
        return spans
    }
}

/// What colouring one snippet came to.
package enum HighlightResult: Hashable, Sendable {
    /// Its tokens.
    case highlighted(HighlightedCode)
    /// Pygments has no lexer of that name: shown plain.
    case unknownLanguage
    /// It could not be coloured (Pygments missing, too long, the run failed or timed out): shown
    /// plain; `reason` says why, for the warning.
    case unavailable(reason: String)

    public var code: HighlightedCode? {
        if case .highlighted(let code) = self { return code }
        return nil
    }
}
