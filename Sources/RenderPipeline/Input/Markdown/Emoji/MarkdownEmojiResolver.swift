/// Replaces GitHub's emoji shortcodes (`:tada:`) in a document's text with their emoji, as
/// GitHub shows them. Only prose changes: code spans, code blocks, link and image targets
/// keep their colons. Adjacent texts are joined first, since cmark may split a text at a
/// colon (the autolink extension looks there for `https:`).
enum MarkdownEmojiResolver {
    static func resolve(_ node: MarkdownNode, table: EmojiShortcodes) -> MarkdownNode {
        func blocks(_ nodes: [MarkdownNode]) -> [MarkdownNode] { nodes.map { resolve($0, table: table) } }
        func inlines(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
            var joined: [MarkdownNode] = []
            for node in nodes {
                if case .text(let text) = node, case .text(let previous)? = joined.last {
                    joined[joined.count - 1] = .text(previous + text)
                } else {
                    joined.append(node)
                }
            }
            return joined.map { resolve($0, table: table) }
        }
        switch node {
        case .text(let text): return .text(table.replacingShortcodes(in: text))
        case .document(let c): return .document(blocks(c))
        case .paragraph(let c): return .paragraph(inlines(c))
        case .heading(let level, let c): return .heading(level: level, inlines(c))
        case .blockQuote(let c): return .blockQuote(blocks(c))
        case .list(let start, let tight, let items): return .list(start: start, tight: tight, items: blocks(items))
        case .listItem(let c): return .listItem(blocks(c))
        case .taskItem(let checked, let c): return .taskItem(checked: checked, blocks(c))
        case .table(let alignments, let header, let rows):
            return .table(alignments: alignments, header: header.map(inlines), rows: rows.map { $0.map(inlines) })
        case .otherBlock(let kind, let c): return .otherBlock(kind: kind, blocks(c))
        case .alignedBlock(let alignment, let c): return .alignedBlock(alignment: alignment, blocks(c))
        case .details(let summary, let open, let c): return .details(summary: inlines(summary), open: open, blocks(c))
        case .footnoteDefinition(let c): return .footnoteDefinition(blocks(c))
        case .alert(let kind, let c): return .alert(kind, blocks(c))
        case .emphasis(let c): return .emphasis(inlines(c))
        case .strong(let c): return .strong(inlines(c))
        case .strikethrough(let c): return .strikethrough(inlines(c))
        case .link(let destination, let c): return .link(destination: destination, inlines(c))
        case .image(let source, let c): return .image(source: source, inlines(c))
        case .htmlStyled(let style, let c): return .htmlStyled(style, inlines(c))
        case .otherInline(let kind, let literal, let c): return .otherInline(kind: kind, literal: literal, inlines(c))
        case .codeBlock, .htmlBlock, .thematicBreak, .inlineCode, .softBreak, .lineBreak, .inlineHTML, .htmlImage,
             .footnoteReference:
            return node
        }
    }
}
