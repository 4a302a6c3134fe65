/// Styled text ready for layout: a base style and a sequence of spans.
///
/// Both the scene decoder and the Swift `Text` builder produce this; layout knows nothing of either.
package struct RichText: Hashable, Sendable {
    public var spans: [Span]
    /// The style every span starts from (a block's `style`).
    public var baseStyle: Style

    public init(spans: [Span], baseStyle: Style = Style()) {
        self.spans = spans
        self.baseStyle = baseStyle
    }

    public init(_ text: String, style: Style = Style()) {
        self.init(spans: [Span(text)], baseStyle: style)
    }

    /// The characters of every span, in order.
    public var plainText: String { spans.map(\.text).joined() }

    /// The text as copied to the clipboard: images and tags replaced by their `alt`.
    public var exportedText: String { spans.map(\.exportedText).joined().removingSoftHyphens }
}
