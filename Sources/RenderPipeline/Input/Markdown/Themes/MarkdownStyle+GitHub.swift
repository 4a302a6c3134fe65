import Foundation

extension MarkdownStyle {
    /// GitHub's README look (its `markdown-body` CSS): 16 pt text at 1.5 line height, headings
    /// of 2, 1.5, 1.25, 1, 0.875 and 0.85 times that, semibold, with a rule under h1 and h2;
    /// 16 pt between blocks, 24 pt above headings, headings at line height 1.25; inline code and
    /// code blocks at 85 % size on GitHub's grey, rounded 6 pt (inline code padded 0.2 em above and
    /// below, 0.4 em beside); quotes with a 4 pt bar in muted text; tables with a 1 pt grid,
    /// 6 × 13 pt cells and every other row shaded; alerts and footnotes as GitHub draws them.
    public static let github = githubTheme(GitHubPalette(
        text: Color(red8: 0x1F, green8: 0x23, blue8: 0x28), muted: Color(red8: 0x59, green8: 0x63, blue8: 0x6E),
        accent: Color(red8: 0x09, green8: 0x69, blue8: 0xDA), border: Color(red8: 0xD1, green8: 0xD9, blue8: 0xE0),
        borderMuted: Color(red8: 0xD1, green8: 0xD9, blue8: 0xE0, alpha8: 0xB3), surface: Color(red8: 0xF6, green8: 0xF8, blue8: 0xFA),
        neutral: Color(red8: 0x81, green8: 0x8B, blue8: 0x98, alpha8: 0x1F), highlight: Color(red8: 0xFF, green8: 0xF8, blue8: 0xC5),
        dark: false))

    /// The same in GitHub's dark theme.
    public static let githubDark = githubTheme(GitHubPalette(
        text: Color(red8: 0xF0, green8: 0xF6, blue8: 0xFC), muted: Color(red8: 0x91, green8: 0x98, blue8: 0xA1),
        accent: Color(red8: 0x44, green8: 0x93, blue8: 0xF8), border: Color(red8: 0x3D, green8: 0x44, blue8: 0x4D),
        borderMuted: Color(red8: 0x3D, green8: 0x44, blue8: 0x4D, alpha8: 0xB3), surface: Color(red8: 0x15, green8: 0x1B, blue8: 0x23),
        neutral: Color(red8: 0x65, green8: 0x6C, blue8: 0x76, alpha8: 0x33), highlight: Color(red8: 0xBB, green8: 0x80, blue8: 0x09, alpha8: 0x66),
        dark: true))

    /// GitHub's colour variables (`fgColor-default`, `-muted`, `-accent`, `borderColor-default`,
    /// `-muted`, `bgColor-muted`, `-neutral-muted`).
    private struct GitHubPalette {
        var text, muted, accent, border, borderMuted, surface, neutral, highlight: Color
        var dark: Bool
    }

    /// GitHub's body size, in points (CSS pixels).
    private static let githubBodySize = 16.0

    private static func githubTheme(_ p: GitHubPalette) -> MarkdownStyle {
        let body = githubBodySize
        func heading(_ em: Double, before: Double = 24, rule: Bool = false, color: Color? = nil) -> MarkdownElementStyle {
            // The rule under h1 and h2: `padding-bottom: .3em; border-bottom: 1px solid borderColor-muted`.
            // `h1, h2, … { line-height: 1.25 }` (the body's is 1.5).
            MarkdownElementStyle(text: Style(font: FontDescriptor(size: body * em, weight: .semibold), color: color.map(Paint.color)),
                                 spacingBefore: before, spacingAfter: 16,
                                 padding: rule ? CGSize(width: 0, height: body * em * 0.3) : nil,
                                 border: rule ? .init(color: p.borderMuted, width: 1) : nil, lineHeight: 1.25)
        }
        let code = FontDescriptor(size: body * 0.85, monospaced: true)
        var style = MarkdownStyle(elements: [
            .body: MarkdownElementStyle(text: Style(font: FontDescriptor(size: body), color: .color(p.text)), spacingBefore: 0,
                                        spacingAfter: 16),
            .h1: heading(2, rule: true),
            .h2: heading(1.5, rule: true),
            .h3: heading(1.25),
            .h4: heading(1),
            .h5: heading(0.875),
            .h6: heading(0.85, color: p.muted),
            .blockQuote: MarkdownElementStyle(text: Style(color: .color(p.muted)), spacingBefore: 0, spacingAfter: 16, indent: 16,
                                              tint: p.border, thickness: 4),
            .codeBlock: MarkdownElementStyle(text: Style(font: code, color: .color(p.text)), spacingBefore: 0, spacingAfter: 16,
                                             padding: CGSize(width: 16, height: 16), background: p.surface, cornerRadius: 6,
                                             wraps: false, showsLanguage: false),
            // `code { padding: .2em .4em; font-size: 85%; border-radius: 6px }`: a rounded box, not the line's height.
            .inlineCode: MarkdownElementStyle(text: Style(font: code, backgroundColor: p.neutral),
                                              padding: CGSize(width: 0.4 * 0.85 * body, height: 0.2 * 0.85 * body), cornerRadius: 6),
            .link: MarkdownElementStyle(text: Style(color: .color(p.accent))),
            .strong: MarkdownElementStyle(text: Style(bold: true)),
            .emphasis: MarkdownElementStyle(text: Style(italic: true)),
            .strikethrough: MarkdownElementStyle(text: Style(strikethrough: TextDecoration())),
            // `padding-left: 2em`, `li + li { margin-top: .25em }`.
            .listItem: MarkdownElementStyle(spacingBefore: 0, spacingAfter: 16, indent: 2 * body,
                                            padding: CGSize(width: 6, height: 0.25 * body), tint: p.accent),
            .table: MarkdownElementStyle(spacingBefore: 0, spacingAfter: 16, padding: CGSize(width: 13, height: 6), cornerRadius: 0,
                                         border: .init(color: p.border, width: 1), stripe: p.surface),
            .tableHeader: MarkdownElementStyle(text: Style(font: FontDescriptor(weight: .semibold))),
            .tableBody: MarkdownElementStyle(),
            // `hr { height: .25em; margin: 24px 0; background-color: borderColor-default }`.
            .thematicBreak: MarkdownElementStyle(spacingBefore: 24, spacingAfter: 24, tint: p.border, thickness: 0.25 * body),
            .image: MarkdownElementStyle(spacingBefore: 0, spacingAfter: 16),
            .keyboard: MarkdownElementStyle(text: Style(font: FontDescriptor(size: 11, monospaced: true), color: .color(p.text),
                                                        backgroundColor: p.surface)),
            .highlight: MarkdownElementStyle(text: Style(backgroundColor: p.highlight)),
            .missingImage: MarkdownElementStyle(text: Style(color: .color(p.muted), italic: true)),
            // `.markdown-alert { padding: .5rem 1rem; border-left: .25em solid }`.
            .alert: MarkdownElementStyle(spacingBefore: 0, spacingAfter: 16, indent: 16, padding: CGSize(width: 0, height: 8),
                                         thickness: 4),
            // `.footnotes { font-size: 12px; color: fgColor-muted; border-top: 1px solid borderColor-default }`.
            .footnotes: MarkdownElementStyle(text: Style(font: FontDescriptor(size: 12), color: .color(p.muted)), spacingBefore: 16,
                                             spacingAfter: 0, indent: 16, tint: p.border, thickness: 1),
            // `sup { font-size: 75%; top: -.5em }`, in the link colour, bracketed as GitHub's `[data-footnote-ref]`.
            .footnoteReference: MarkdownElementStyle(text: Style(font: FontDescriptor(size: 0.75 * body), color: .color(p.accent),
                                                                 baselineOffset: 0.5 * body)),
            // A formula that does not compile: its source in GitHub's danger colour (the caution alert's).
            .mathError: MarkdownElementStyle(text: Style(font: FontDescriptor(monospaced: true),
                                                         color: .color(p.dark ? MarkdownAlertKind.caution.darkTint
                                                                              : MarkdownAlertKind.caution.lightTint))),
        ])
        style.lineHeight = 1.5
        style.codeTheme = p.dark ? .githubDark : .github
        style.alertTints = Dictionary(uniqueKeysWithValues: MarkdownAlertKind.allCases.map { ($0, p.dark ? $0.darkTint : $0.lightTint) })
        return style
    }
}
