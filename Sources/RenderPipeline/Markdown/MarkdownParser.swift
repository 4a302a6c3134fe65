import CCmarkGFM
import Foundation

/// Parses CommonMark with GitHub's extensions (tables, task lists, strikethrough, autolinks)
/// through libcmark-gfm.
///
/// The only place texteffects touches cmark: the C tree is walked once and copied into
/// `MarkdownNode` values, then freed.
public enum MarkdownParser {
    /// The GFM extensions attached to every parse: tables, `- [x]` task items, `~~strike~~` and
    /// bare URLs as links.
    static let extensionNames = ["table", "tasklist", "strikethrough", "autolink"]

    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// One parser with the extensions attached, reused: cmark resets a parser when it finishes
    /// a document and keeps its extensions. Guarded by `lock`, with the last parse.
    nonisolated(unsafe) private static var parser: OpaquePointer?
    /// The last text parsed and its document: a scene's Markdown block is parsed for its image
    /// sources, for its plain spans and for its layout, always the same string.
    nonisolated(unsafe) private static var last: (text: String, document: MarkdownNode)?
    private static let lock = NSLock()

    /// Parses `markdown` into a document node. cmark accepts any input, so this cannot fail.
    public static func parse(_ markdown: String) -> MarkdownNode {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.text == markdown { return last.document }
        let document = convert(root: parseC(markdown))
        last = (markdown, document)
        return document
    }

    /// The C tree of `markdown`, copied out and freed by `convert`; call with the lock held.
    private static func parseC(_ markdown: String) -> OpaquePointer {
        _ = registered
        let parser = Self.parser ?? {
            // CMARK_OPT_DEFAULT; raw HTML is kept as literal text by the converter, never interpreted.
            let parser = cmark_parser_new(0)!
            for name in extensionNames {
                if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
            }
            Self.parser = parser
            return parser
        }()
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        return cmark_parser_finish(parser)!
    }

    private static func convert(root: OpaquePointer) -> MarkdownNode {
        defer { cmark_node_free(root) }
        return convert(root)
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
            return .list(start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
                         tight: cmark_node_get_list_tight(node) != 0, items: children)
        case "item":
            // The tasklist extension marks an item by its type string; a plain item stays an item.
            return .listItem(children)
        case "tasklist":
            return .taskItem(checked: cmark_gfm_extensions_get_tasklist_item_checked(node), children)
        case "table":
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            let raw = cmark_gfm_extensions_get_table_alignments(node)
            let alignments: [MarkdownTableAlignment] = (0..<columns).map { column in
                switch raw.map({ $0[column] }) ?? 0 {
                case UInt8(ascii: "l"): .leading
                case UInt8(ascii: "c"): .center
                case UInt8(ascii: "r"): .trailing
                default: .none
                }
            }
            var header: [[MarkdownNode]] = []
            var rows: [[[MarkdownNode]]] = []
            for (index, row) in children.enumerated() {
                guard case .otherBlock(_, let cells) = row else { continue }
                let contents = cells.map(\.children)
                if index == 0 { header = contents } else { rows.append(contents) }
            }
            return .table(alignments: alignments, header: header, rows: rows)
        case "table_row", "table_header":
            return .otherBlock(kind: kind, children)
        case "table_cell":
            return .otherInline(kind: kind, literal: nil, children)
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
