/// A formula written in a Markdown document: its TeX source and whether it is display math
/// (`$$…$$`, `\[…\]`, a ```` ```math ```` block) or inline math (`$…$`, `` $`…`$ ``, `\(…\)`).
package struct MathFormula: Hashable, Sendable {
    /// The TeX between the delimiters, as written.
    public var source: String
    /// Whether the formula is set in TeX's display style, centred on a line of its own.
    public var isDisplay: Bool
    /// The formula as the author wrote it, delimiters included: what is shown when it does not compile.
    public var written: String

    public init(source: String, isDisplay: Bool, written: String? = nil) {
        self.source = source
        self.isDisplay = isDisplay
        self.written = written ?? (isDisplay ? "$$\(source)$$" : "$\(source)$")
    }

    /// The kind of the `MarkdownNode.otherInline` that carries an inline formula through the tree.
    static let inlineKind = "math_inline"
    /// The kind of the `MarkdownNode.otherInline` that carries a display formula.
    static let displayKind = "math_display"

    /// The formula a parsed node carries, or nil: a formula travels as an `otherInline` whose
    /// literal is what the author wrote (so any converter that does not know math shows that)
    /// and whose one child is the TeX source.
    init?(node: MarkdownNode) {
        guard case .otherInline(let kind, let written, let children) = node,
              kind == Self.inlineKind || kind == Self.displayKind,
              let written, case .text(let source)? = children.first else { return nil }
        self.init(source: source, isDisplay: kind == Self.displayKind, written: written)
    }

    /// The node that carries this formula (see `init(node:)`).
    var node: MarkdownNode {
        .otherInline(kind: isDisplay ? Self.displayKind : Self.inlineKind, literal: written, [.text(source)])
    }

    /// Every formula of a parsed document, in reading order, each once; a ```` ```math ````
    /// block is a display formula.
    package static func all(in document: MarkdownNode) -> [MathFormula] {
        var seen = Set<MathFormula>(), result: [MathFormula] = []
        func visit(_ node: MarkdownNode) {
            if let formula = MathFormula(node: node) {
                if seen.insert(formula).inserted { result.append(formula) }
                return
            }
            if let formula = MathFormula(codeBlock: node), seen.insert(formula).inserted { result.append(formula) }
            node.children.forEach(visit)
        }
        visit(document)
        return result
    }

    /// The display formula of a ```` ```math ```` code block, or nil.
    init?(codeBlock node: MarkdownNode) {
        guard case .codeBlock(let language?, let code) = node,
              language.split(separator: " ").first.map({ $0.lowercased() }) == "math" else { return nil }
        let source = code.hasSuffix("\n") ? String(code.dropLast()) : code
        self.init(source: source, isDisplay: true, written: "```math\n\(source)\n```")
    }
}
