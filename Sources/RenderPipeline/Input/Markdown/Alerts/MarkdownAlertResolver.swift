import Foundation

/// Turns GitHub's alert quotes into `.alert` nodes: a quote at the document's top level whose
/// first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case)
/// and that has content after that line. Anything else — another word (`[!TODO]`), a marker
/// with text after it on its line, a quote inside a list or another quote, a marker alone —
/// stays a plain quote, as GitHub shows it.
enum MarkdownAlertResolver {
    static func resolve(_ document: MarkdownNode) -> MarkdownNode {
        guard case .document(let blocks) = document else { return document }
        return .document(blocks.map { block in
            guard case .blockQuote(let children) = block, let alert = alert(in: children) else { return block }
            return alert
        })
    }

    /// The alert a quote's blocks make, or nil when they make none.
    static func alert(in children: [MarkdownNode]) -> MarkdownNode? {
        guard case .paragraph(let inlines)? = children.first else { return nil }
        // The first line: the texts before the first line break (cmark may split `[` off).
        var marker = ""
        var index = 0
        while index < inlines.count, case .text(let text) = inlines[index] {
            marker += text
            index += 1
        }
        guard index == inlines.count || inlines[index] == .softBreak || inlines[index] == .lineBreak else { return nil }
        let trimmed = marker.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"),
              let kind = MarkdownAlertKind(marker: String(trimmed.dropFirst(2).dropLast())) else { return nil }
        let rest = Array(inlines.dropFirst(index + 1))
        let body = (rest.isEmpty ? [] : [MarkdownNode.paragraph(rest)]) + children.dropFirst()
        return body.isEmpty ? nil : .alert(kind, body)
    }
}
