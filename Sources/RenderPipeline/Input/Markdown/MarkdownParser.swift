import CCmarkGFM
import Foundation

/// Parses CommonMark with GitHub's extensions (tables, task lists, strikethrough, autolinks)
/// through libcmark-gfm.
///
/// The only place texteffects touches cmark: the C tree is walked once and copied into
/// `MarkdownNode` values, then freed. The walk is a loop, not recursion, and copies no more than
/// `SceneLimits.maximumMarkdownBlockDepth` quotes and lists and
/// `SceneLimits.maximumMarkdownInlineDepth` inline spans inside one another: what is nested
/// deeper becomes its plain text, so no converter downstream recurses deeper than that however
/// deep the input (cmark itself nests without limit and without recursion).
package enum MarkdownParser {
    /// The GFM extensions attached to every parse: tables, `- [x]` task items, `~~strike~~` and
    /// bare URLs as links. Footnotes are cmark-gfm's own option (`CMARK_OPT_FOOTNOTES`).
    static let extensionNames = ["table", "tasklist", "strikethrough", "autolink"]

    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// One parser with the extensions attached, reused: cmark resets a parser when it finishes
    /// a document and keeps its extensions. Guarded by `lock`, with the texts parsed lately.
    nonisolated(unsafe) private static var parser: OpaquePointer?
    /// Texts parsed lately and their documents: a scene's Markdown block is parsed when the scene
    /// is read (its nesting, image sources and code) and again when it is laid out, and a scene
    /// of a thousand answers reads all of them before laying out the first. Up to
    /// `recentBudget` bytes of text are kept; past that the whole set is let go and refilled.
    nonisolated(unsafe) private static var recent: [String: (document: MarkdownNode, nesting: Nesting)] = [:]
    nonisolated(unsafe) private static var recentBytes = 0
    /// The most text kept parsed: 2 MB, a few megabytes of documents.
    static let recentBudget = 2 << 20
    private static let lock = NSLock()

    /// Parses `markdown` into a document node. cmark accepts any input, so this cannot fail.
    public static func parse(_ markdown: String) -> MarkdownNode {
        parsed(markdown).document
    }

    /// How deeply a document nests, counted up to one past each limit.
    struct Nesting: Hashable {
        /// Block quotes and lists inside one another.
        var blocks = 0
        /// Emphasis, strong, strikethrough, links and images inside one another.
        var inlines = 0
    }

    /// Why `markdown` cannot be a scene's document (it nests deeper than the limits), or nil.
    package static func nestingProblem(in markdown: String) -> String? {
        let nesting = parsed(markdown).nesting
        if nesting.blocks > SceneLimits.maximumMarkdownBlockDepth {
            return "nests quotes and lists more than \(SceneLimits.maximumMarkdownBlockDepth) levels deep"
        }
        if nesting.inlines > SceneLimits.maximumMarkdownInlineDepth {
            return "nests emphasis, links and other inline spans more than \(SceneLimits.maximumMarkdownInlineDepth) levels deep"
        }
        return nil
    }

    /// The document and its nesting, kept from an earlier parse of the same text when there is one.
    private static func parsed(_ markdown: String) -> (document: MarkdownNode, nesting: Nesting) {
        lock.lock()
        defer { lock.unlock() }
        if let kept = recent[markdown] { return kept }
        // Formulas are found first and stand in the text as placeholders, so cmark reads no `_` in them.
        let math = MathScanner(markdown)
        let root = parseC(math.text)
        defer { cmark_node_free(root) }
        var (document, nesting) = convert(root)
        // Raw HTML needs a `<`; a document without one has nothing to resolve.
        if markdown.utf8.contains(UInt8(ascii: "<")) { document = MarkdownHTMLResolver.resolve(document) }
        document = math.restore(document)
        // GitHub's alerts and emoji shortcodes, where the text has their `[!` and `:`.
        if markdown.containsASCII("[!") { document = MarkdownAlertResolver.resolve(document) }
        if markdown.utf8.contains(UInt8(ascii: ":")), let emoji = EmojiShortcodes.shared {
            document = MarkdownEmojiResolver.resolve(document, table: emoji)
        }
        let bytes = markdown.utf8.count
        if recentBytes + bytes > recentBudget {
            recent.removeAll()
            recentBytes = 0
        }
        if bytes <= recentBudget {
            recent[markdown] = (document, nesting)
            recentBytes += bytes
        }
        return (document, nesting)
    }

    /// Runs `body` on the C tree of `markdown` as written (no formulas taken out), under the
    /// lock; the tree is freed after.
    static func withParsedC<T>(_ markdown: String, _ body: (OpaquePointer) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        let root = parseC(markdown)
        defer { cmark_node_free(root) }
        return body(root)
    }

    /// The C tree of `markdown`, for the caller to copy out and free; call with the lock held.
    private static func parseC(_ markdown: String) -> OpaquePointer {
        _ = registered
        let parser = Self.parser ?? {
            // CMARK_OPT_DEFAULT; raw HTML is kept as cmark's html nodes, which MarkdownHTMLResolver
            // reads with a real HTML parser (nothing in it ever runs).
            // Footnotes as GitHub has them: numbered by first reference, unreferenced ones dropped.
            let parser = cmark_parser_new(CMARK_OPT_FOOTNOTES)!
            for name in extensionNames {
                if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
            }
            Self.parser = parser
            return parser
        }()
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        return cmark_parser_finish(parser)!
    }

    /// Kinds that count towards the block and the inline depth.
    private static let nestingBlocks: Set<String> = ["block_quote", "list"]
    private static let nestingInlines: Set<String> = ["emph", "strong", "strikethrough", "link", "image"]

    /// Copies the C tree into `MarkdownNode` values, depth first with a stack of its own: a
    /// node is built when its last child is, from the children built before it.
    private static func convert(_ root: OpaquePointer) -> (MarkdownNode, Nesting) {
        struct Open {
            let node: OpaquePointer
            var children: [MarkdownNode] = []
            let depth: Nesting
        }
        var stack = [Open(node: root, depth: Nesting())]
        var deepest = Nesting()
        var next = cmark_node_first_child(root)
        while true {
            if let node = next {
                let kind = typeString(node)
                var depth = stack[stack.count - 1].depth
                if nestingBlocks.contains(kind) { depth.blocks += 1 }
                if nestingInlines.contains(kind) { depth.inlines += 1 }
                deepest.blocks = max(deepest.blocks, depth.blocks)
                deepest.inlines = max(deepest.inlines, depth.inlines)
                if depth.blocks > SceneLimits.maximumMarkdownBlockDepth || depth.inlines > SceneLimits.maximumMarkdownInlineDepth {
                    // Too deep to copy as a tree: its words stay, as one text.
                    let text = MarkdownNode.text(plainText(of: node))
                    stack[stack.count - 1].children.append(nestingBlocks.contains(kind) ? .paragraph([text]) : text)
                    next = cmark_node_next(node)
                } else {
                    stack.append(Open(node: node, depth: depth))
                    next = cmark_node_first_child(node)
                }
            } else {
                let open = stack.removeLast()
                let built = make(open.node, children: open.children)
                guard !stack.isEmpty else { return (built, deepest) }
                stack[stack.count - 1].children.append(built)
                next = cmark_node_next(open.node)
            }
        }
    }

    /// Marks the characters of a template value (before each of its ASCII punctuation marks), so
    /// that no syntax found after parsing can span them: GitHub's autolinks are found in the
    /// parsed text, where `\@` is a plain `@` again, and `support\@shop\.example` would become a
    /// `mailto:` link. A noncharacter, meant for a program's own use; it is removed from every
    /// string taken out of the parse (an author's own is removed too).
    package static let dataMark = Unicode.Scalar(0xFDD0)!

    /// A string from cmark without any ``dataMark``.
    private static func string(_ pointer: UnsafePointer<CChar>) -> String {
        let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
        guard text.unicodeScalars.contains(dataMark) else { return text }
        var unmarked = String.UnicodeScalarView()
        unmarked.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != dataMark })
        return String(unmarked)
    }

    private static func typeString(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    /// The literal text below `top`, walked without recursion; breaks become spaces.
    private static func plainText(of top: OpaquePointer) -> String {
        var text = ""
        var node: OpaquePointer? = top
        while let current = node {
            switch typeString(current) {
            case "softbreak", "linebreak": text += " "
            default: if let literal = cmark_node_get_literal(current) { text += string(literal) }
            }
            if let child = cmark_node_first_child(current) {
                node = child
                continue
            }
            // Up until a node with a next sibling, stopping at `top`.
            var climbing: OpaquePointer? = current
            node = nil
            while let up = climbing, up != top {
                if let sibling = cmark_node_next(up) {
                    node = sibling
                    break
                }
                climbing = cmark_node_parent(up)
            }
        }
        return text
    }

    /// One Swift node from a C node and its children, already converted.
    private static func make(_ node: OpaquePointer, children: [MarkdownNode]) -> MarkdownNode {
        let kind = typeString(node)
        let literal = cmark_node_get_literal(node).map(string)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // cmark numbers references to defined notes; a reference inside a note keeps its label.
            return literal.flatMap { Int($0) }.map { .footnoteReference(number: $0) } ?? .text("[^\(literal ?? "")]")
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition(children)
        default: break
        }
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
            let info = cmark_node_get_fence_info(node).map(string) ?? ""
            return .codeBlock(language: info.isEmpty ? nil : info, code: literal ?? "")
        case "html_block": return .htmlBlock(literal ?? "")
        case "thematic_break": return .thematicBreak
        case "text": return .text(literal ?? "")
        case "emph": return .emphasis(children)
        case "strong": return .strong(children)
        case "strikethrough": return .strikethrough(children)
        case "code": return .inlineCode(literal ?? "")
        case "link": return .link(destination: cmark_node_get_url(node).map(string) ?? "", children)
        case "image": return .image(source: cmark_node_get_url(node).map(string) ?? "", children)
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
