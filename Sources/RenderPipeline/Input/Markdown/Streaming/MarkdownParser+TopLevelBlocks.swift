import CCmarkGFM
import Foundation

extension MarkdownParser {
    /// A document's top-level blocks as cmark-gfm finds them: each one's kind (`paragraph`,
    /// `list`, `code_block`, `html_block`, `footnote_definition` …) and the UTF-8 range of its
    /// source, from its first line to the next block's (or the end).
    package static func topLevelBlocks(in markdown: String) -> [(kind: String, range: Range<Int>)] {
        var lineStarts = [0]
        for (offset, byte) in markdown.utf8.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        let starts: [(kind: String, line: Int)] = withParsedC(markdown) { root in
            var result: [(kind: String, line: Int)] = []
            var node = cmark_node_first_child(root)
            while let current = node {
                let kind = cmark_node_get_type_string(current).map { String(cString: $0) } ?? ""
                result.append((kind: kind, line: Int(cmark_node_get_start_line(current))))
                node = cmark_node_next(current)
            }
            return result
        }
        let end = markdown.utf8.count
        return starts.enumerated().map { index, start in
            let lower = lineStarts[Swift.min(Swift.max(start.line - 1, 0), lineStarts.count - 1)]
            let upper = index + 1 < starts.count ? lineStarts[Swift.min(Swift.max(starts[index + 1].line - 1, 0), lineStarts.count - 1)] : end
            return (kind: start.kind, range: lower..<Swift.max(lower, upper))
        }
    }
}
