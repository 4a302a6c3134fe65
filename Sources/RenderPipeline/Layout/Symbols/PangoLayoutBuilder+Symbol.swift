import Foundation

extension PangoLayoutBuilder {
    /// The box a symbol span occupies, relative to its pen position on the baseline.
    ///
    /// The icon is drawn at an em size of the span's font size times the scale's factor, so it
    /// follows Dynamic Type. Its em square (Material Icons' 24-unit design grid: ascent one em,
    /// no descent, the icon centred in it) is centred on half the cap height of the span's text
    /// font, as SF Symbols centre on the cap height, and rises with `baselineOffset`. The box
    /// is that square (as wide as the glyph's advance, one em); call with the Pango lock held.
    func symbolBox(for symbol: Symbol, span: Span, index: Int, style: Style, resolved: ResolvedStyle,
                   context: PangoContextObject) -> InlineBox {
        let scale = symbol.scale ?? .medium
        let em = resolved.size * scale.factor
        var textStyle = style
        textStyle.baselineOffset = nil
        textStyle.backgroundColor = nil
        textStyle.underline = nil
        textStyle.strikethrough = nil
        let capHeight = capHeight(of: textStyle, context: context) ?? resolved.size * 0.7
        let top = capHeight / 2 + em / 2 + resolved.baselineOffset
        guard let codepoint = symbol.codepoint else {
            let box = SymbolBox(name: symbol.name, scale: scale, layout: nil, glyphOffset: .zero)
            return InlineBox(content: .symbol(box), rect: CGRect(x: 0, y: -top, width: 0, height: em),
                             alt: span.exportedText, spanIndex: index)
        }
        let iconStyle = Style(font: FontDescriptor(family: SymbolCatalog.fontFamily, size: em, weight: .regular,
                                                   italic: false, monospaced: false),
                              color: resolved.paint, bold: false, italic: false, kerning: 0)
        let iconBuilder = PangoLayoutBuilder(text: RichText(String(Character(codepoint)), style: iconStyle),
                                             options: LayoutOptions(environment: options.environment), fonts: fonts)
        let pango = iconBuilder.makeLayout(iconBuilder.text, context: context)
        let layout = TextLayout(storage: iconBuilder.copyOut(pango, isTruncated: false, full: (pango.textSize, pango.lineCount)))
        // The glyph's baseline sits at the bottom of its em square.
        let baseline = layout.first.map { Double($0.typographicBounds.origin.y) } ?? em
        let width = layout.first.map { Double($0.typographicBounds.width) } ?? em
        let box = SymbolBox(name: symbol.name, scale: scale, layout: layout, glyphOffset: CGSize(width: 0, height: em - baseline))
        return InlineBox(content: .symbol(box), rect: CGRect(x: 0, y: -top, width: width, height: em),
                         alt: span.exportedText, spanIndex: index)
    }

    /// The height of a capital H above the baseline in `style`'s font (its ink), or nil when
    /// no font has one.
    private func capHeight(of style: Style, context: PangoContextObject) -> Double? {
        // At the block's fit, so the icon centres on the cap height of the text as it is shown.
        var capOptions = LayoutOptions(environment: options.environment)
        capOptions.fit = TextFit(scale: options.fit.scale)
        let builder = PangoLayoutBuilder(text: RichText("H", style: style), options: capOptions, fonts: fonts)
        let pango = builder.makeLayout(builder.text, context: context)
        let ink = pango.inkRect
        guard !ink.isEmpty, !ink.isNull else { return nil }
        let baseline = pango.baseline
        return baseline - ink.minY
    }
}
