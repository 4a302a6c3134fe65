import Foundation

/// The colours of syntax-coloured code: a style for each kind of token Pygments reports, as
/// GitHub colours code in its light and dark modes (its "prettylights" palette, the colours of
/// the GitHub Light Default and GitHub Dark Default themes).
///
/// A theme maps Pygments token types (`Keyword`, `Name.Function`, `Literal.String.Double` …) to
/// styles; a type the theme does not name takes its parent's (`Literal.String.Double` →
/// `Literal.String`), and a token no ancestor of which is named (plain names, punctuation,
/// white space) keeps the code block's own text style.
package struct CodeTheme: Hashable, Sendable {
    /// The theme's name in scenes: `github` or `github-dark`.
    public var name: String
    /// Styles by Pygments token type, without the leading `Token.`.
    public var styles: [String: Style]

    public init(name: String, styles: [String: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style of a token of `type` (`"Keyword.Declaration"`), or nil to keep the code's own.
    public func style(for type: Substring) -> Style? {
        var type = type
        while !type.isEmpty {
            if let style = styles[String(type)] { return style }
            guard let dot = type.lastIndex(of: ".") else { break }
            type = type[..<dot]
        }
        return nil
    }

    /// The themes a scene may name, by name.
    public static let named: [String: CodeTheme] = ["github": .github, "github-dark": .githubDark]

    /// GitHub's palette roles: what each kind of token is shown as.
    private struct Palette {
        var keyword, constant, entity, tag, string, regexp, comment: Color
        var deleted, deletedBackground, inserted, insertedBackground: Color
    }

    /// Which role each Pygments token type plays, as GitHub's grammars class the same tokens.
    private static func styles(_ p: Palette) -> [String: Style] {
        func color(_ color: Color) -> Style { Style(color: .color(color)) }
        return [
            "Keyword": color(p.keyword),
            "Keyword.Constant": color(p.constant),
            "Operator": color(p.keyword),
            "Operator.Word": color(p.keyword),
            "Name.Builtin": color(p.constant),
            "Name.Builtin.Pseudo": color(p.constant),
            "Name.Constant": color(p.constant),
            "Name.Label": color(p.constant),
            "Name.Entity": color(p.constant),
            "Name.Property": color(p.constant),
            "Name.Function": color(p.entity),
            "Name.Class": color(p.entity),
            "Name.Decorator": color(p.entity),
            "Name.Exception": color(p.entity),
            "Name.Attribute": color(p.entity),
            "Name.Tag": color(p.tag),
            "Literal": color(p.string),
            "Literal.Date": color(p.constant),
            "Literal.Number": color(p.constant),
            "Literal.String": color(p.string),
            "Literal.String.Affix": color(p.keyword),
            "Literal.String.Escape": color(p.constant),
            "Literal.String.Interpol": color(p.constant),
            "Literal.String.Regex": color(p.regexp),
            "Literal.String.Symbol": color(p.constant),
            "Comment": color(p.comment),
            "Comment.Preproc": color(p.keyword),
            "Comment.PreprocFile": color(p.string),
            "Generic.Deleted": Style(color: .color(p.deleted), backgroundColor: p.deletedBackground),
            "Generic.Inserted": Style(color: .color(p.inserted), backgroundColor: p.insertedBackground),
            "Generic.Heading": Style(color: .color(p.constant), bold: true),
            "Generic.Subheading": Style(color: .color(p.constant), bold: true),
            "Generic.Prompt": color(p.comment),
            "Generic.Emph": Style(italic: true),
            "Generic.Strong": Style(bold: true),
        ]
    }

    /// GitHub's light mode (GitHub Light Default): red keywords, dark blue strings, blue
    /// constants and numbers, purple functions, green tags, grey comments.
    public static let github = CodeTheme(name: "github", styles: styles(Palette(
        keyword: Color(red8: 0xCF, green8: 0x22, blue8: 0x2E), constant: Color(red8: 0x05, green8: 0x50, blue8: 0xAE),
        entity: Color(red8: 0x82, green8: 0x50, blue8: 0xDF), tag: Color(red8: 0x11, green8: 0x63, blue8: 0x29),
        string: Color(red8: 0x0A, green8: 0x30, blue8: 0x69), regexp: Color(red8: 0x11, green8: 0x63, blue8: 0x29),
        comment: Color(red8: 0x6E, green8: 0x77, blue8: 0x81),
        deleted: Color(red8: 0x82, green8: 0x07, blue8: 0x1E), deletedBackground: Color(red8: 0xFF, green8: 0xEB, blue8: 0xE9),
        inserted: Color(red8: 0x11, green8: 0x63, blue8: 0x29), insertedBackground: Color(red8: 0xDA, green8: 0xFB, blue8: 0xE1))))

    /// GitHub's dark mode (GitHub Dark Default): coral keywords, light blue strings and
    /// constants, lilac functions, green tags, grey comments.
    public static let githubDark = CodeTheme(name: "github-dark", styles: styles(Palette(
        keyword: Color(red8: 0xFF, green8: 0x7B, blue8: 0x72), constant: Color(red8: 0x79, green8: 0xC0, blue8: 0xFF),
        entity: Color(red8: 0xD2, green8: 0xA8, blue8: 0xFF), tag: Color(red8: 0x7E, green8: 0xE7, blue8: 0x87),
        string: Color(red8: 0xA5, green8: 0xD6, blue8: 0xFF), regexp: Color(red8: 0x7E, green8: 0xE7, blue8: 0x87),
        comment: Color(red8: 0x8B, green8: 0x94, blue8: 0x9E),
        deleted: Color(red8: 0xFF, green8: 0xDC, blue8: 0xD7), deletedBackground: Color(red8: 0x67, green8: 0x06, blue8: 0x0C),
        inserted: Color(red8: 0xAF, green8: 0xF5, blue8: 0xB4), insertedBackground: Color(red8: 0x03, green8: 0x3A, blue8: 0x16))))
}
