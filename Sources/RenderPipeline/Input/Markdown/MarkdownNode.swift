/// A parsed Markdown document as Swift values: the one shape the rest of texteffects sees of
/// cmark-gfm's tree, copied out at once so no C node outlives the parse.
package indirect enum MarkdownNode: Hashable, Sendable {
    // Blocks
    case document([MarkdownNode])
    case paragraph([MarkdownNode])
    case heading(level: Int, [MarkdownNode])
    case blockQuote([MarkdownNode])
    /// A list; `start` is the first number of an ordered list, `nil` for a bullet list. A
    /// tight list has no blank lines between its items.
    case list(start: Int?, tight: Bool, items: [MarkdownNode])
    case listItem([MarkdownNode])
    /// A GFM task list item (`- [ ]` / `- [x]`).
    case taskItem(checked: Bool, [MarkdownNode])
    case codeBlock(language: String?, code: String)
    case htmlBlock(String)
    case thematicBreak
    /// A GFM table: one alignment per column, the header row's cells, then the body rows' cells;
    /// each cell holds inline nodes.
    case table(alignments: [MarkdownTableAlignment], header: [[MarkdownNode]], rows: [[[MarkdownNode]]])
    /// A block kind this converter does not know, with its children.
    case otherBlock(kind: String, [MarkdownNode])
    /// Blocks aligned by raw HTML (`<div align="center">`, `<p align="right">`, `<h1 align>`).
    case alignedBlock(alignment: MarkdownTableAlignment, [MarkdownNode])
    /// A raw HTML `<details>`: its `<summary>`'s inlines and its other content; `open` is
    /// whether the author wrote the `open` attribute.
    case details(summary: [MarkdownNode], open: Bool, [MarkdownNode])
    /// A footnote's text (`[^label]: …`), as cmark-gfm's footnote option gives it: only the
    /// referenced ones, at the document's end, in the order of their first reference.
    case footnoteDefinition([MarkdownNode])
    /// A GitHub alert: a top-level quote whose first line is `[!NOTE]`, `[!TIP]` … (that line removed).
    case alert(MarkdownAlertKind, [MarkdownNode])

    // Inlines
    case text(String)
    case emphasis([MarkdownNode])
    case strong([MarkdownNode])
    case strikethrough([MarkdownNode])
    case inlineCode(String)
    case link(destination: String, [MarkdownNode])
    case image(source: String, [MarkdownNode])
    case softBreak
    case lineBreak
    case inlineHTML(String)
    /// A raw HTML `<img>` (or a `<picture>`'s): its source, alt text and the size its
    /// `width` and `height` attributes ask for, in CSS pixels (points).
    case htmlImage(MarkdownHTMLImage)
    /// Raw HTML's inline looks that Markdown has no syntax for: `<kbd>`, `<sub>`, `<sup>`,
    /// `<ins>`, `<mark>`.
    case htmlStyled(MarkdownHTMLStyle, [MarkdownNode])
    case otherInline(kind: String, literal: String?, [MarkdownNode])
    /// A reference to a footnote (`[^label]`): the note's number, 1 for the first referenced.
    case footnoteReference(number: Int)

    /// The node's child nodes, for visitors that only descend.
    public var children: [MarkdownNode] {
        switch self {
        case .document(let c), .paragraph(let c), .heading(_, let c), .blockQuote(let c), .list(_, _, let c),
             .listItem(let c), .taskItem(_, let c), .otherBlock(_, let c), .emphasis(let c), .strong(let c), .strikethrough(let c),
             .link(_, let c), .image(_, let c), .otherInline(_, _, let c), .alignedBlock(_, let c), .htmlStyled(_, let c),
             .footnoteDefinition(let c), .alert(_, let c):
            return c
        case .details(let summary, _, let c):
            return summary + c
        case .table(_, let header, let rows):
            return header.flatMap { $0 } + rows.flatMap { $0.flatMap { $0 } }
        case .codeBlock, .htmlBlock, .thematicBreak, .text, .inlineCode, .softBreak, .lineBreak, .inlineHTML, .htmlImage,
             .footnoteReference:
            return []
        }
    }

    /// Whether the node sits inside a paragraph's text rather than being a block of its own.
    public var isInline: Bool {
        switch self {
        case .text, .emphasis, .strong, .strikethrough, .inlineCode, .link, .image, .softBreak, .lineBreak,
             .inlineHTML, .otherInline, .htmlImage, .htmlStyled, .footnoteReference:
            return true
        default:
            return false
        }
    }
}

/// How a GFM table column's cells align, from its delimiter row (`:--`, `:-:`, `--:`).
package enum MarkdownTableAlignment: String, Hashable, Sendable {
    case none, leading, center, trailing
}
