/// Spans built up piece by piece from Markdown: a piece with the style and link of the span
/// before it joins that span, so a run of plain words stays one span.
struct MarkdownSpanList {
    /// A link's URL and the group that keeps its differently styled pieces one link.
    struct Link: Equatable {
        var url: String
        var group: Int
    }

    private(set) var spans: [Span] = []

    mutating func append(_ text: String, style: Style, link: Link?) {
        guard !text.isEmpty else { return }
        if let last = spans.last, last.style == style, last.link == link?.url, last.linkGroup == link?.group,
           case .text(let previous) = last.content {
            spans[spans.count - 1].content = .text(previous + text)
        } else {
            var span = Span(text, style: style, link: link?.url)
            span.linkGroup = link?.group
            spans.append(span)
        }
    }

    /// Adds a span as it is (an image), never joined with its neighbours.
    mutating func append(_ span: Span) { spans.append(span) }
}
