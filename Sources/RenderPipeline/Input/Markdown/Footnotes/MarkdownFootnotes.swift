/// A document's footnotes as GitHub shows them: the body without the notes, and the notes in
/// order (cmark-gfm numbers them by first reference and puts them at the end, dropping notes
/// nothing refers to), each ending with one back reference (`↩`, then `↩²` …) per reference to it.
struct MarkdownFootnotes {
    /// The document's blocks before its notes.
    var body: [MarkdownNode]
    /// Note n's blocks (n from 1) with its back references at the end of its last paragraph.
    var notes: [[MarkdownNode]]

    /// Splits a document's blocks; a document without notes is all body.
    init(blocks: [MarkdownNode]) {
        let first = blocks.firstIndex { if case .footnoteDefinition = $0 { true } else { false } } ?? blocks.endIndex
        body = Array(blocks[..<first])
        var counts: [Int: Int] = [:]
        func count(_ node: MarkdownNode) {
            if case .footnoteReference(let number) = node { counts[number, default: 0] += 1 }
            node.children.forEach(count)
        }
        body.forEach(count)
        notes = blocks[first...].enumerated().map { index, node in
            let number = index + 1
            let backReferences = (1...Swift.max(1, counts[number] ?? 0)).flatMap { occurrence -> [MarkdownNode] in
                let mark: [MarkdownNode] = occurrence == 1 ? [.text("↩")] : [.text("↩"), .htmlStyled(.superscript, [.text("\(occurrence)")])]
                return [.text(" "), .link(destination: Self.referenceAnchor(number, occurrence: occurrence), mark)]
            }
            var blocks = node.children
            if case .paragraph(let inlines)? = blocks.last {
                blocks[blocks.count - 1] = .paragraph(inlines + backReferences)
            } else {
                blocks.append(.paragraph(Array(backReferences.dropFirst())))
            }
            return blocks
        }
    }

    /// The link of reference `occurrence` (from 1) to note `number`: GitHub's `#fnref-…` anchors.
    static func referenceAnchor(_ number: Int, occurrence: Int) -> String {
        occurrence == 1 ? "#fnref-\(number)" : "#fnref-\(number)-\(occurrence)"
    }

    /// A reference's link to its note.
    static func noteAnchor(_ number: Int) -> String { "#fn-\(number)" }
}
