/// Turns Markdown into spans, visiting the parsed tree: inline syntax becomes styles and links,
/// and block constructs without a rich-text form yet (headings, lists, quotes, code blocks,
/// tables) become their text, one line per block, so nothing written is ever dropped.
package struct MarkdownConverter: Sendable {
    /// The background of inline code spans and code blocks.
    public var codeBackground = Color(red8: 0xEE, green8: 0xEE, blue8: 0xF2)
    /// The color of links, as an app's tint.
    public var linkColor = Color(red8: 0x0A, green8: 0x64, blue8: 0xD6)
    /// The color of quotes and thematic breaks.
    public var secondaryColor = Color(red8: 0x6E, green8: 0x6E, blue8: 0x73)

    public init() {}

    /// Parses `markdown` and converts it.
    public func spans(for markdown: String) -> [Span] {
        spans(for: MarkdownParser.parse(markdown))
    }

    /// Converts a parsed document (or any node) into spans.
    public func spans(for node: MarkdownNode) -> [Span] {
        var visitor = Visitor(converter: self)
        if node.isInline {
            visitor.visitInline(node, style: Style(), link: nil)
        } else if case .document(let blocks) = node {
            visitor.visitBlocks(blocks, firstPrefix: "", indent: "", style: Style())
        } else {
            visitor.visitBlocks([node], firstPrefix: "", indent: "", style: Style())
        }
        return visitor.spans
    }

    /// Walks the tree once, appending spans; adjacent spans of one style and link merge.
    private struct Visitor {
        let converter: MarkdownConverter
        var list = MarkdownSpanList()
        var spans: [Span] { list.spans }
        /// Whether the next block starts a new line.
        var hasContent = false
        /// The indent for lines that continue the current block (list items, quotes).
        var lineIndent = ""
        var lineIndentStyle = Style()

        mutating func append(_ text: String, style: Style = Style(), link: Link? = nil) {
            guard !text.isEmpty else { return }
            list.append(text, style: style, link: link)
            hasContent = true
        }

        /// A new line, then the current indent.
        mutating func newLine() {
            append("\n")
            append(lineIndent, style: lineIndentStyle)
        }

        /// Blocks one after another, each on its own line; the first line starts with
        /// `firstPrefix` and every following line with `indent`.
        mutating func visitBlocks(_ blocks: [MarkdownNode], firstPrefix: String, indent: String, style: Style) {
            var prefix = firstPrefix
            let saved = lineIndent
            lineIndent = indent
            defer { lineIndent = saved }
            for block in blocks {
                if hasContent { newLine() }
                append(prefix, style: lineIndentStyle)
                prefix = ""
                visitBlock(block, indent: indent, style: style)
            }
        }

        mutating func visitBlock(_ block: MarkdownNode, indent: String, style: Style) {
            switch block {
            case .paragraph(let inlines):
                for inline in inlines { visitInline(inline, style: style, link: nil) }
            case .heading(_, let inlines):
                // Headings keep their level's emphasis as bold text until block styles exist.
                for inline in inlines { visitInline(inline, style: style.overridden(by: Style(bold: true)), link: nil) }
            case .blockQuote(let children):
                let quote = style.overridden(by: Style(color: .color(converter.secondaryColor)))
                let savedStyle = lineIndentStyle
                lineIndentStyle = Style(color: .color(converter.secondaryColor))
                hasContent = false
                visitBlocks(children, firstPrefix: "│ ", indent: indent + "│ ", style: quote)
                hasContent = true
                lineIndentStyle = savedStyle
            case .list(let start, _, let items):
                var first = true
                for (offset, item) in items.enumerated() {
                    if !first { newLine() }
                    first = false
                    var marker = start.map { "\($0 + offset). " } ?? "• "
                    if case .taskItem(let checked, _) = item { marker = checked ? "☑ " : "☐ " }
                    append(marker, style: style)
                    let children = item.children
                    let savedContent = hasContent
                    hasContent = false
                    visitBlocks(children, firstPrefix: "", indent: indent + String(repeating: " ", count: marker.count + 1), style: style)
                    hasContent = savedContent || hasContent
                }
            case .listItem(let children), .taskItem(_, let children):
                visitBlocks(children, firstPrefix: "", indent: indent, style: style)
            case .table(_, let header, let rows):
                // Rows on their own lines, cells tab-separated, as a plain-text copy of a table.
                for (index, row) in ([header] + rows).enumerated() {
                    if index > 0 { newLine() }
                    for (column, cell) in row.enumerated() {
                        if column > 0 { append("\t", style: style) }
                        let cellStyle = index == 0 ? style.overridden(by: Style(bold: true)) : style
                        for inline in cell { visitInline(inline, style: cellStyle, link: nil) }
                    }
                }
            case .codeBlock(_, let code):
                let codeStyle = style.overridden(by: Style(font: FontDescriptor(monospaced: true), backgroundColor: converter.codeBackground))
                var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
                if lines.last == "" { lines.removeLast() }
                for (index, line) in lines.enumerated() {
                    if index > 0 { newLine() }
                    append(String(line), style: codeStyle)
                }
            case .htmlBlock(let html):
                append(html.hasSuffix("\n") ? String(html.dropLast()) : html, style: style)
            case .thematicBreak:
                append("———", style: style.overridden(by: Style(color: .color(converter.secondaryColor))))
            case .alignedBlock(_, let children):
                let savedContent = hasContent
                hasContent = false
                visitBlocks(children, firstPrefix: "", indent: indent, style: style)
                hasContent = savedContent || hasContent
            case .details(let summary, _, let children):
                for inline in summary { visitInline(inline, style: style.overridden(by: Style(bold: true)), link: nil) }
                if !children.isEmpty { visitBlocks(children, firstPrefix: "", indent: indent, style: style) }
            case .otherBlock(_, let children):
                let savedContent = hasContent
                hasContent = false
                visitBlocks(children, firstPrefix: "", indent: indent, style: style)
                hasContent = savedContent || hasContent
            case .document(let children):
                visitBlocks(children, firstPrefix: "", indent: indent, style: style)
            case .alert(let kind, let children):
                visitBlock(.blockQuote([.paragraph([.strong([.text(kind.title)])])] + children), indent: indent, style: style)
            case .footnoteDefinition(let children):
                visitBlocks(children, firstPrefix: "", indent: indent, style: style)
            default:
                visitInline(block, style: style, link: nil)
            }
        }

        typealias Link = MarkdownSpanList.Link

        mutating func visitInline(_ node: MarkdownNode, style: Style, link: Link?) {
            switch node {
            case .text(let text): append(text, style: style, link: link)
            case .emphasis(let c): for n in c { visitInline(n, style: style.overridden(by: Style(italic: true)), link: link) }
            case .strong(let c): for n in c { visitInline(n, style: style.overridden(by: Style(bold: true)), link: link) }
            case .strikethrough(let c):
                for n in c { visitInline(n, style: style.overridden(by: Style(strikethrough: TextDecoration())), link: link) }
            case .inlineCode(let code):
                append(code, style: style.overridden(by: Style(font: FontDescriptor(monospaced: true),
                                                               backgroundColor: converter.codeBackground)), link: link)
            case .link(let destination, let c):
                let linked = style.overridden(by: Style(color: .color(converter.linkColor)))
                let target = destination.isEmpty ? link : Link(url: destination, group: LinkGroups.next())
                for n in c { visitInline(n, style: linked, link: target) }
            case .image(_, let c):
                // The image's description stands in for it, as in a plain-text rendering.
                for n in c { visitInline(n, style: style, link: link) }
            case .footnoteReference(let number): append("[\(number)]", style: style, link: link)
            case .softBreak: append(" ", style: style, link: link)
            case .lineBreak: newLine()
            case .inlineHTML(let html): append(html, style: style, link: link)
            case .htmlImage(let image): append(image.alt, style: style, link: link)
            case .htmlStyled(_, let c): for n in c { visitInline(n, style: style, link: link) }
            case .otherInline(_, let literal, let c):
                if c.isEmpty { append(literal ?? "", style: style, link: link) }
                for n in c { visitInline(n, style: style, link: link) }
            default:
                visitBlock(node, indent: lineIndent, style: style)
            }
        }
    }
}
