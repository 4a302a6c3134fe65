import Foundation

/// The text of a code block as laid out: its tokens coloured by the style's code theme, its
/// overflowing lines faded at the box's edge, and where its wrapped lines continue.
enum CodeBlockText {
    /// `code` (without its last line break, which the box does not show) in `base`, each
    /// token of `highlighted` in `theme`'s style for it; plain when either is missing.
    static func richText(_ code: String, highlighted: HighlightedCode?, theme: CodeTheme?, base: Style) -> RichText {
        let shown = code.hasSuffix("\n") ? String(code.dropLast()) : code
        guard let highlighted, let theme, var spans = highlighted.spans(of: code, theme: theme) else {
            return RichText(shown, style: base)
        }
        // Drop the last line break from the spans as from the text.
        if shown.unicodeScalars.count < code.unicodeScalars.count, var last = spans.popLast() {
            let text = String(last.text.unicodeScalars.dropLast())
            if !text.isEmpty {
                last = Span(text, style: last.style)
                spans.append(last)
            }
        }
        return RichText(spans: spans, baseStyle: base)
    }

    /// `text` with the characters of `storage` (its unwrapped layout) that reach into the last
    /// `CodeOverflow.fadeWidth` points before `edge` made transparent by degrees: the further
    /// right, the fainter, so a cut line visibly fades into the box's edge. Nil when no line
    /// reaches that far.
    static func faded(_ text: RichText, laidOut storage: LayoutStorage, edge: Double) -> RichText? {
        let start = edge - CodeOverflow.fadeWidth
        guard storage.lines.contains(where: { $0.bounds.origin.x + $0.bounds.width > edge + 0.001 }) else { return nil }
        // Opacity by UTF-8 offset of each glyph's first byte, for glyphs past the fade's start.
        var opacity: [Int: Double] = [:]
        for glyph in storage.glyphs {
            let middle = glyph.x + glyph.advance / 2
            guard middle > start else { continue }
            let value = Swift.max(0, Swift.min(1, (edge - middle) / CodeOverflow.fadeWidth))
            // Steps of 1/16: fewer distinct styles, the same look.
            opacity[glyph.utf8Range.lowerBound] = (value * 16).rounded() / 16
        }
        guard !opacity.isEmpty else { return nil }
        var spans: [Span] = [], offset = 0
        for span in text.spans {
            guard case .text(let characters) = span.content else {
                spans.append(span)
                offset += span.text.utf8.count
                continue
            }
            let color: Color?
            if case .color(let own)? = span.style.color ?? text.baseStyle.color { color = own } else { color = nil }
            var pending = "", pendingOpacity = 1.0
            func flush() {
                guard !pending.isEmpty else { return }
                var style = span.style
                if pendingOpacity < 1, let color { style.color = .color(color.opacity(pendingOpacity)) }
                spans.append(Span(pending, style: style, link: span.link, attributes: span.attributes))
                pending = ""
            }
            for character in characters {
                let value = opacity[offset] ?? 1
                if value != pendingOpacity {
                    flush()
                    pendingOpacity = value
                }
                pending.append(character)
                offset += character.utf8.count
            }
            flush()
        }
        return RichText(spans: spans, baseStyle: text.baseStyle)
    }

    /// The lines of `storage` that continue a wrapped line (the byte before them is not a line
    /// break): the lines a continuation marker goes before.
    static func continuationLines(in storage: LayoutStorage) -> [Int] {
        let bytes = Array(storage.text.utf8)
        return storage.lines.indices.filter { index in
            let start = storage.lines[index].utf8Range.lowerBound
            return index > 0 && start > 0 && start <= bytes.count && bytes[start - 1] != UInt8(ascii: "\n")
        }
    }
}
