import Foundation

/// Replaces a parsed Markdown document's raw HTML (`htmlBlock` and `inlineHTML` nodes) with
/// the Markdown nodes GitHub would show for it: `<h1>` a heading, `<b>` strong text, `<img>` an
/// image, `<div align="center">` centred blocks, `<details>` a disclosure, any other tag its
/// text (as GitHub's sanitiser keeps it), comments, scripts and styles nothing.
///
/// Why placeholders: cmark does not parse HTML. It cuts raw HTML into pieces at Markdown's
/// boundaries — `<b>bold **md**</b>` is an `inlineHTML("<b>")`, text, a strong node and an
/// `inlineHTML("</b>")`; `<div align="center">`, a blank line, `# Title`, a blank line and
/// `</div>` are two HTML blocks around a heading. Parsing each piece alone would lose which
/// Markdown the tags enclose. So each sequence of sibling nodes that holds raw HTML is written
/// out once as one HTML fragment — the raw HTML as written, every other node as an empty
/// placeholder element naming its index — parsed once by a real HTML parser (`HTMLParser`,
/// which closes what is left open and ignores stray end tags as a browser does), and the HTML
/// tree is mapped back, each placeholder becoming its Markdown node again, inside whatever
/// elements enclose it. Sequences are resolved innermost first, so a placeholder's node is
/// already free of HTML. Markdown text is never written into the fragment, so it is never read
/// as HTML.
enum MarkdownHTMLResolver {
    /// The placeholder element; its `i` attribute is the index of the node it stands for.
    static let placeholderName = "texteffects-md"

    /// Elements that make blocks of their own (or close a paragraph); the rest are inline.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "tr", "ul", "caption", "body", "html",
    ]

    /// `document` with its raw HTML resolved.
    static func resolve(_ document: MarkdownNode) -> MarkdownNode {
        resolveNode(document)
    }

    // MARK: Markdown side

    private static func resolveNode(_ node: MarkdownNode) -> MarkdownNode {
        switch node {
        case .document(let c): .document(resolveBlocks(c))
        case .blockQuote(let c): .blockQuote(resolveBlocks(c))
        case .listItem(let c): .listItem(resolveBlocks(c))
        case .taskItem(let checked, let c): .taskItem(checked: checked, resolveBlocks(c))
        case .list(let start, let tight, let items): .list(start: start, tight: tight, items: items.map(resolveNode))
        case .otherBlock(let kind, let c): .otherBlock(kind: kind, resolveBlocks(c))
        case .footnoteDefinition(let c): .footnoteDefinition(resolveBlocks(c))
        case .htmlBlock: .otherBlock(kind: "html", resolveBlocks([node]))
        case .paragraph(let c): .paragraph(resolveInlines(c))
        case .heading(let level, let c): .heading(level: level, resolveInlines(c))
        case .table(let alignments, let header, let rows):
            .table(alignments: alignments, header: header.map(resolveInlines), rows: rows.map { $0.map(resolveInlines) })
        case .emphasis(let c): .emphasis(resolveInlines(c))
        case .strong(let c): .strong(resolveInlines(c))
        case .strikethrough(let c): .strikethrough(resolveInlines(c))
        case .link(let destination, let c): .link(destination: destination, resolveInlines(c))
        case .otherInline(let kind, let literal, let c): .otherInline(kind: kind, literal: literal, resolveInlines(c))
        case .inlineHTML: .otherInline(kind: "html", literal: nil, resolveInlines([node]))
        default: node
        }
    }

    /// Sibling blocks with their HTML blocks parsed together.
    private static func resolveBlocks(_ blocks: [MarkdownNode]) -> [MarkdownNode] {
        let resolved = blocks.compactMap { block -> MarkdownNode? in
            if case .htmlBlock = block { return block }
            let node = resolveNode(block)
            // A paragraph that held only a comment (or a dropped tag) is no paragraph.
            if case .paragraph(let inlines) = node, MarkdownHTMLResolver.isBlank(inlines) { return nil }
            return node
        }
        guard resolved.contains(where: { if case .htmlBlock = $0 { true } else { false } }) else { return resolved }
        let html = HTMLParser.parse(fragment(of: resolved) { if case .htmlBlock(let source) = $0 { source } else { nil } })
        return HTMLToMarkdown(originals: resolved).blocks(from: html, depth: 0)
    }

    /// Sibling inlines with their inline HTML parsed together.
    private static func resolveInlines(_ inlines: [MarkdownNode]) -> [MarkdownNode] {
        let resolved = inlines.map { inline -> MarkdownNode in
            if case .inlineHTML = inline { return inline }
            return resolveNode(inline)
        }
        guard resolved.contains(where: { if case .inlineHTML = $0 { true } else { false } }) else { return resolved }
        let html = HTMLParser.parse(fragment(of: resolved) { if case .inlineHTML(let source) = $0 { source } else { nil } })
        return HTMLToMarkdown(originals: resolved).inlines(from: html, depth: 0)
    }

    /// Whether inlines show nothing: none, or only white space and breaks.
    static func isBlank(_ inlines: [MarkdownNode]) -> Bool {
        inlines.allSatisfy { node in
            switch node {
            case .text(let text): text.allSatisfy(\.isWhitespace)
            case .softBreak, .lineBreak: true
            default: false
            }
        }
    }

    /// The nodes as one HTML fragment: raw HTML as written, every other node a placeholder.
    private static func fragment(of nodes: [MarkdownNode], raw: (MarkdownNode) -> String?) -> String {
        var text = ""
        for (index, node) in nodes.enumerated() {
            if let source = raw(node) { text += source } else { text += "<\(placeholderName) i=\"\(index)\"></\(placeholderName)>" }
        }
        return text
    }
}
