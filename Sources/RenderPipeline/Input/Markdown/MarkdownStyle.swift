import Foundation

/// The look of every Markdown element, as MarkdownView's fonts, tints and component styles:
/// start from `.light` or `.dark` and change elements with `font(_:for:)`,
/// `foregroundStyle(_:for:)`, `tint(_:for:)` or `style(for:_:)`.
package struct MarkdownStyle: Hashable, Sendable {
    /// Each element's style; an element missing here looks like surrounding text.
    public var elements: [MarkdownElement: MarkdownElementStyle]
    /// Whether raw HTML `<details>` show their content below the summary (`true`, as an
    /// opened disclosure) or only their summary (`false`); `nil` follows each one's `open`
    /// attribute, as GitHub shows them.
    public var showsDetailsOpen: Bool? = nil
    /// Whether an image that cannot be shown rejects the scene instead of showing its alt text.
    public var strictImages = false
    /// Each alert kind's colour (bar, icon, title); a kind missing here takes GitHub's, light or
    /// dark as the body text is dark or light (`alertTint(for:)`).
    public var alertTints: [MarkdownAlertKind: Color] = [:]
    /// Every text's line height as a multiple of its font's size (GitHub's 1.5), the same on
    /// every line whatever fonts it falls back to; `nil` keeps the fonts' own line heights.
    public var lineHeight: Double? = nil
    /// The colours of fenced code that names its language (Input/Highlighting); nil: code in
    /// one colour. `.light` has GitHub's light colours, `.dark` its dark ones.
    public var codeTheme: CodeTheme? = nil
    /// What a code line wider than its box does; nil: as `codeBlock.wraps` says, else `wrap`.
    public var codeOverflow: CodeOverflow? = nil

    public init(elements: [MarkdownElement: MarkdownElementStyle] = [:]) {
        self.elements = elements
    }

    /// The default theme for `colorScheme`.
    public init(colorScheme: ColorScheme) {
        self = colorScheme == .dark ? .dark : .light
    }

    /// The style of `element`, empty where the theme sets nothing.
    public subscript(element: MarkdownElement) -> MarkdownElementStyle {
        get { elements[element] ?? MarkdownElementStyle() }
        set { elements[element] = newValue }
    }

    /// This style with `other`'s fields laid over it, element by element.
    public func overridden(by other: MarkdownStyle) -> MarkdownStyle {
        var result = self
        for (element, style) in other.elements { result[element] = self[element].overridden(by: style) }
        return result
    }

    /// Sets the font of `element`, as MarkdownView's `.font(_:for:)`.
    public func font(_ font: Font, for element: MarkdownElement) -> MarkdownStyle {
        style(for: element) { $0.text.font = font.descriptor }
    }

    /// Sets the text color (or gradient) of `element`.
    public func foregroundStyle(_ paint: Paint, for element: MarkdownElement) -> MarkdownStyle {
        style(for: element) { $0.text.color = paint }
    }

    /// Sets the text color of `element`.
    public func foregroundStyle(_ color: Color, for element: MarkdownElement) -> MarkdownStyle {
        foregroundStyle(.color(color), for: element)
    }

    /// Sets the tint of `element`, as MarkdownView's `.tint(_:for:)`: a quote's bar, list
    /// checkboxes, a rule, a code block's language label; for inline code and links, their text color.
    public func tint(_ color: Color, for element: MarkdownElement) -> MarkdownStyle {
        style(for: element) { style in
            if element == .inlineCode || element == .link { style.text.color = .color(color) } else { style.tint = color }
        }
    }

    /// Sets the background of `element`: a code box, a quote, a table header row, inline code.
    public func background(_ color: Color, for element: MarkdownElement) -> MarkdownStyle {
        style(for: element) { style in
            if element.isInline { style.text.backgroundColor = color } else { style.background = color }
        }
    }

    /// Changes any part of `element`'s style.
    public func style(for element: MarkdownElement, _ change: (inout MarkdownElementStyle) -> Void) -> MarkdownStyle {
        var result = self
        change(&result[element])
        return result
    }
}

extension MarkdownStyle {
    /// Text styles, spacing and boxes shared by both themes; colors come from the palette.
    private struct Palette {
        var text, secondary, link, rule, codeBackground, inlineCodeBackground, quoteBar, quoteBackground,
            tableBorder, tableHeader, stripe, checkbox, keyBackground, highlight: Color
        /// GitHub's danger colour: a formula that does not compile.
        var error: Color
    }

    private static func theme(_ p: Palette) -> MarkdownStyle {
        func heading(_ font: Font, _ weight: Font.Weight, before: Double, color: Color? = nil) -> MarkdownElementStyle {
            MarkdownElementStyle(text: Style(font: font.weight(weight).descriptor, color: color.map(Paint.color)),
                                 spacingBefore: before, spacingAfter: 8)
        }
        let mono = FontDescriptor(textStyle: .callout, monospaced: true)
        return MarkdownStyle(elements: [
            .body: MarkdownElementStyle(text: Style(color: .color(p.text)), spacingBefore: 12, spacingAfter: 12),
            .h1: heading(.largeTitle, .bold, before: 24),
            .h2: heading(.title, .bold, before: 22),
            .h3: heading(.title2, .semibold, before: 18),
            .h4: heading(.title3, .semibold, before: 16),
            .h5: heading(.headline, .semibold, before: 14),
            .h6: heading(.headline, .regular, before: 14, color: p.secondary),
            .blockQuote: MarkdownElementStyle(text: Style(color: .color(p.secondary)), spacingBefore: 12, spacingAfter: 12,
                                              indent: 14, padding: CGSize(width: 0, height: 6), background: p.quoteBackground,
                                              tint: p.quoteBar, thickness: 4),
            .codeBlock: MarkdownElementStyle(text: Style(font: mono, color: .color(p.text)), spacingBefore: 12, spacingAfter: 12,
                                             padding: CGSize(width: 14, height: 12), background: p.codeBackground,
                                             cornerRadius: 10, tint: p.secondary, showsLanguage: true),
            .inlineCode: MarkdownElementStyle(text: Style(font: FontDescriptor(monospaced: true), backgroundColor: p.inlineCodeBackground)),
            .link: MarkdownElementStyle(text: Style(color: .color(p.link))),
            .strong: MarkdownElementStyle(text: Style(bold: true)),
            .emphasis: MarkdownElementStyle(text: Style(italic: true)),
            .strikethrough: MarkdownElementStyle(text: Style(strikethrough: TextDecoration())),
            .listItem: MarkdownElementStyle(spacingBefore: 12, spacingAfter: 12, indent: 26,
                                            padding: CGSize(width: 8, height: 4), tint: p.checkbox),
            .table: MarkdownElementStyle(spacingBefore: 12, spacingAfter: 12, padding: CGSize(width: 12, height: 7),
                                         cornerRadius: 8, border: .init(color: p.tableBorder, width: 1), stripe: p.stripe),
            .tableHeader: MarkdownElementStyle(text: Style(bold: true), background: p.tableHeader),
            .tableBody: MarkdownElementStyle(),
            .thematicBreak: MarkdownElementStyle(spacingBefore: 20, spacingAfter: 20, tint: p.rule, thickness: 2),
            .image: MarkdownElementStyle(spacingBefore: 12, spacingAfter: 12),
            .keyboard: MarkdownElementStyle(text: Style(font: FontDescriptor(textStyle: .callout, monospaced: true),
                                                        color: .color(p.text), backgroundColor: p.keyBackground)),
            .highlight: MarkdownElementStyle(text: Style(backgroundColor: p.highlight)),
            .missingImage: MarkdownElementStyle(text: Style(color: .color(p.secondary), italic: true)),
            .mathError: MarkdownElementStyle(text: Style(font: FontDescriptor(monospaced: true), color: .color(p.error))),
            .alert: MarkdownElementStyle(spacingBefore: 12, spacingAfter: 12, indent: 14, padding: CGSize(width: 0, height: 8), thickness: 4),
            .footnotes: MarkdownElementStyle(text: Style(font: FontDescriptor(textStyle: .footnote), color: .color(p.secondary)),
                                             spacingBefore: 24, spacingAfter: 0, indent: 20, tint: p.rule, thickness: 1),
            .footnoteReference: MarkdownElementStyle(text: Style(font: FontDescriptor(textStyle: .caption), color: .color(p.link),
                                                                 baselineOffset: 6)),
        ])
    }

    /// Dark text on light backgrounds, in GitHub's light palette.
    public static let light = coloured(.github, theme(Palette(
        text: Color(red8: 0x1F, green8: 0x23, blue8: 0x28), secondary: Color(red8: 0x59, green8: 0x63, blue8: 0x6E),
        link: Color(red8: 0x09, green8: 0x69, blue8: 0xDA), rule: Color(red8: 0xD1, green8: 0xD9, blue8: 0xE0),
        codeBackground: Color(red8: 0xF6, green8: 0xF8, blue8: 0xFA), inlineCodeBackground: Color(red8: 0xEC, green8: 0xEF, blue8: 0xF2),
        quoteBar: Color(red8: 0xD1, green8: 0xD9, blue8: 0xE0), quoteBackground: Color(red8: 0xF6, green8: 0xF8, blue8: 0xFA),
        tableBorder: Color(red8: 0xD1, green8: 0xD9, blue8: 0xE0), tableHeader: Color(red8: 0xEF, green8: 0xF2, blue8: 0xF5),
        stripe: Color(red8: 0xF6, green8: 0xF8, blue8: 0xFA), checkbox: Color(red8: 0x09, green8: 0x69, blue8: 0xDA),
        keyBackground: Color(red8: 0xE6, green8: 0xEA, blue8: 0xEF), highlight: Color(red8: 0xFF, green8: 0xF8, blue8: 0xC5),
        error: Color(red8: 0xD1, green8: 0x24, blue8: 0x2F))))

    /// Light text on dark backgrounds, for dark chat bubbles and dark-mode cards.
    public static let dark = coloured(.githubDark, theme(Palette(
        text: Color(red8: 0xE6, green8: 0xED, blue8: 0xF3), secondary: Color(red8: 0x9A, green8: 0xA3, blue8: 0xAD),
        link: Color(red8: 0x58, green8: 0xA6, blue8: 0xFF), rule: Color(red8: 0x3D, green8: 0x44, blue8: 0x4D),
        codeBackground: Color(red8: 0x0D, green8: 0x11, blue8: 0x17), inlineCodeBackground: Color(red8: 0x34, green8: 0x3B, blue8: 0x44),
        quoteBar: Color(red8: 0x4D, green8: 0x55, blue8: 0x5F), quoteBackground: Color(red8: 0xFF, green8: 0xFF, blue8: 0xFF, alpha8: 0x0A),
        tableBorder: Color(red8: 0x3D, green8: 0x44, blue8: 0x4D), tableHeader: Color(red8: 0x21, green8: 0x26, blue8: 0x2D),
        stripe: Color(red8: 0xFF, green8: 0xFF, blue8: 0xFF, alpha8: 0x08), checkbox: Color(red8: 0x58, green8: 0xA6, blue8: 0xFF),
        keyBackground: Color(red8: 0x30, green8: 0x36, blue8: 0x3D), highlight: Color(red8: 0xBB, green8: 0x80, blue8: 0x09, alpha8: 0x66),
        error: Color(red8: 0xF8, green8: 0x51, blue8: 0x49))))

    /// `style` with code coloured by `theme`.
    private static func coloured(_ theme: CodeTheme, _ style: MarkdownStyle) -> MarkdownStyle {
        var style = style
        style.codeTheme = theme
        return style
    }
}
