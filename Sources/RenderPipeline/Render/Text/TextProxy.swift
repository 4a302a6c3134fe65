import Foundation

/// The text a renderer is asked to size, as SwiftUI's `TextProxy`: it lays itself out at any
/// proposal.
public struct TextProxy: Sendable {
    let text: RichText
    /// A Markdown document laid out as blocks instead of `text`.
    let markdown: MarkdownView?
    let options: LayoutOptions
    let fonts: FontLibrary
    /// The size already known for the text's own options, so asking for it lays nothing out again.
    let knownSize: CGSize?

    package init(text: RichText, options: LayoutOptions, fonts: FontLibrary = .system) {
        self.init(text: text, markdown: nil, options: options, fonts: fonts, knownSize: nil)
    }

    /// A Markdown document to size, laid out as blocks over `baseStyle`.
    package init(_ markdown: MarkdownView, baseStyle: Style = Style(), options: LayoutOptions, fonts: FontLibrary = .system) {
        self.init(text: RichText(spans: [], baseStyle: baseStyle), markdown: markdown, options: options, fonts: fonts, knownSize: nil)
    }

    package init(text: RichText, markdown: MarkdownView? = nil, options: LayoutOptions, fonts: FontLibrary, knownSize: CGSize?) {
        self.text = text
        self.markdown = markdown
        self.options = options
        self.fonts = fonts
        self.knownSize = knownSize
    }

    /// The text's size (its widest line by the height of its lines) when laid out at the
    /// proposed width and limited to the proposed height.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let width = proposal.width.map(Double.init), height = proposal.height.map(Double.init)
        if let knownSize, width == options.width, height == options.height { return knownSize }
        var options = options
        if let width { options.width = width.isFinite ? width : nil }
        if let height { options.height = height.isFinite ? height : nil }
        if let markdown { return TextLayout(markdown, options: options, baseStyle: text.baseStyle, fonts: fonts).textSize }
        return text.measure(options: options, fonts: fonts).size
    }
}

extension TextMeasurement {
    /// The laid-out size: widest line by the height of all lines.
    package var size: CGSize { CGSize(width: width, height: height) }
}
