extension Text {
    /// Markdown (CommonMark with GitHub's strikethrough and autolinks), as `Text` renders a
    /// `LocalizedStringKey` in SwiftUI: bold, italic, strikethrough, code and links.
    public init(markdown: String) {
        self.init(spans: MarkdownConverter().spans(for: markdown))
    }
}
