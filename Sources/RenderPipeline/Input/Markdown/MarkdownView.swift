import Foundation

/// A Markdown document with its style, as MarkdownView's view of the same name: headings,
/// lists, quotes, code blocks and tables laid out as blocks, styled per element.
///
/// ```swift
/// let answer = MarkdownView(text: "# Release notes\n- Faster\n- Smaller")
///     .font(.title.weight(.black), for: .h1)
///     .tint(.orange, for: .listItem)
/// let layout = TextLayout(answer, options: LayoutOptions(width: 480))
/// ```
package struct MarkdownView: Hashable, Sendable {
    /// The Markdown source (CommonMark with GitHub's tables, task lists, strikethrough and autolinks).
    public var text: String
    public var style: MarkdownStyle
    /// Images by the source the Markdown names them with; an image not here shows its
    /// description instead (remote images are never fetched).
    public var images: [String: Image]
    /// What the scene decoder said about images it could not load (each shows its alt text)
    /// and code it could not colour (shown plain), one line each with the JSON path: printed
    /// on standard error by the command line.
    package var imageWarnings: [String] = []
    /// Whether the document's last code block is drawn uncoloured: a streamed answer's code
    /// whose closing fence has not arrived yet (``MarkdownSettler``), coloured once it has.
    package var leavesLastCodePlain = false

    public init(text: String, style: MarkdownStyle = .light, images: [String: Image] = [:]) {
        self.text = text
        self.style = style
        self.images = images
    }

    /// Same as `init(text:)`.
    public init(_ text: String) { self.init(text: text) }

    /// The document as parsed, for reading its structure.
    public var document: MarkdownNode { MarkdownParser.parse(text) }

    /// Every image source the document names, in order of first appearance.
    public var imageSources: [String] {
        var seen = Set<String>(), result: [String] = []
        func visit(_ node: MarkdownNode) {
            if case .image(let source, _) = node, seen.insert(source).inserted { result.append(source) }
            if case .htmlImage(let image) = node, seen.insert(image.source).inserted { result.append(image.source) }
            node.children.forEach(visit)
        }
        visit(document)
        return result
    }

    /// Sets the font of `element`, as MarkdownView's `.font(_:for:)`.
    public func font(_ font: Font, for element: MarkdownElement) -> MarkdownView {
        with { $0.style = $0.style.font(font, for: element) }
    }

    /// Sets the text color of `element`.
    public func foregroundStyle(_ color: Color, for element: MarkdownElement) -> MarkdownView {
        with { $0.style = $0.style.foregroundStyle(color, for: element) }
    }

    /// Sets the tint of `element`, as MarkdownView's `.tint(_:for:)`.
    public func tint(_ color: Color, for element: MarkdownElement) -> MarkdownView {
        with { $0.style = $0.style.tint(color, for: element) }
    }

    /// Sets the background of `element`.
    public func background(_ color: Color, for element: MarkdownElement) -> MarkdownView {
        with { $0.style = $0.style.background(color, for: element) }
    }

    /// Replaces the whole style, e.g. with `.dark`.
    public func markdownStyle(_ style: MarkdownStyle) -> MarkdownView {
        with { $0.style = style }
    }

    private func with(_ change: (inout MarkdownView) -> Void) -> MarkdownView {
        var copy = self
        change(&copy)
        return copy
    }
}
