import CCmarkGFM

/// Parses CommonMark with GitHub's strikethrough and autolink extensions through libcmark-gfm.
///
/// The only place texteffects touches cmark: the C tree is walked once and copied into
/// `MarkdownNode` values, then freed.
public enum MarkdownParser {
    /// The GFM extensions attached to every parse: `~~strike~~` and bare URLs as links.
    static let extensionNames = ["strikethrough", "autolink"]

    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// Parses `markdown` into a document node. cmark accepts any input, so this cannot fail.
    public static func parse(_ markdown: String) -> MarkdownNode {
        _ = registered
        // CMARK_OPT_DEFAULT; raw HTML is kept as literal text by the converter, never interpreted.
        let parser = cmark_parser_new(0)!
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        let document = cmark_parser_finish(parser)!
        defer { cmark_node_free(document) }
        return convert(document)
    }

    private static func convert(_ node: OpaquePointer) -> MarkdownNode {
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(convert(current))
            child = cmark_node_next(current)
        }
        let kind = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        let literal = cmark_node_get_literal(node).map { String(cString: $0) }
        switch kind {
        case "document": return .document(children)
        case "paragraph": return .paragraph(children)
        case "heading": return .heading(level: Int(cmark_node_get_heading_level(node)), children)
        case "block_quote": return .blockQuote(children)
        case "list":
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            return .list(start: ordered ? Int(cmark_node_get_list_start(node)) : nil, items: children)
        case "item": return .listItem(children)
        case "code_block":
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .codeBlock(language: info.isEmpty ? nil : info, code: literal ?? "")
        case "html_block": return .htmlBlock(literal ?? "")
        case "thematic_break": return .thematicBreak
        case "text": return .text(literal ?? "")
        case "emph": return .emphasis(children)
        case "strong": return .strong(children)
        case "strikethrough": return .strikethrough(children)
        case "code": return .inlineCode(literal ?? "")
        case "link": return .link(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "", children)
        case "image": return .image(source: cmark_node_get_url(node).map { String(cString: $0) } ?? "", children)
        case "softbreak": return .softBreak
        case "linebreak": return .lineBreak
        case "html_inline": return .inlineHTML(literal ?? "")
        default:
            // Block kinds are nodes that can hold blocks; everything else is inline.
            return children.isEmpty || children.allSatisfy(\.isInline)
                ? .otherInline(kind: kind, literal: literal, children)
                : .otherBlock(kind: kind, children)
        }
    }
}
