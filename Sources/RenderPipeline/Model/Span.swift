/// One styled piece of rich text.
public struct Span: Hashable, Sendable {
    /// What a span shows.
    public enum Content: Hashable, Sendable {
        case text(String)
    }

    public var content: Content
    /// Overrides of the enclosing block's style.
    public var style: Style
    /// The URL this span links to; links are reported with their on-screen rectangles.
    public var link: String?
    /// Spans sharing a `link` and a `linkGroup` are one link (one report entry) even where the
    /// style changes inside it, as `Text.link(_:)` makes them; `nil`: the span is a link of its own.
    public var linkGroup: Int?
    /// Custom attributes renderers read from runs.
    public var attributes: AttributeSet

    public init(_ text: String, style: Style = Style(), link: String? = nil, attributes: AttributeSet = AttributeSet()) {
        self.content = .text(text)
        self.style = style
        self.link = link
        self.attributes = attributes
    }

    /// The characters this span puts into the laid-out text.
    public var text: String {
        switch content {
        case .text(let s): s
        }
    }
}
