/// Turns a block's inline Markdown (emphasis, code, links, images …) into spans styled by a
/// `MarkdownStyle`; adjacent pieces of one style and link merge into one span.
struct MarkdownInlineConverter {
    let style: MarkdownStyle
    let images: [String: Image]
    private var list = MarkdownSpanList()

    init(style: MarkdownStyle, images: [String: Image]) {
        self.style = style
        self.images = images
    }

    private typealias Link = MarkdownSpanList.Link

    /// The spans for `inlines` over a block's text style.
    static func spans(for inlines: [MarkdownNode], textStyle: Style, markdownStyle: MarkdownStyle,
                      images: [String: Image]) -> [Span] {
        var converter = MarkdownInlineConverter(style: markdownStyle, images: images)
        for inline in inlines { converter.visit(inline, textStyle: textStyle, link: nil) }
        return converter.list.spans
    }

    private mutating func append(_ text: String, style: Style, link: Link?) {
        list.append(text, style: style, link: link)
    }

    private mutating func visit(_ node: MarkdownNode, textStyle: Style, link: Link?) {
        func styled(_ element: MarkdownElement) -> Style { textStyle.overridden(by: style[element].text) }
        switch node {
        case .text(let text): append(text, style: textStyle, link: link)
        case .emphasis(let children): for child in children { visit(child, textStyle: styled(.emphasis), link: link) }
        case .strong(let children): for child in children { visit(child, textStyle: styled(.strong), link: link) }
        case .strikethrough(let children): for child in children { visit(child, textStyle: styled(.strikethrough), link: link) }
        case .inlineCode(let code): inlineCode(code, style: styled(.inlineCode), link: link)
        case .link(let destination, let children):
            let target = destination.isEmpty ? link : Link(url: destination, group: LinkGroups.next())
            for child in children { visit(child, textStyle: styled(.link), link: target) }
        case .image(let source, let children):
            image(source: source, description: MarkdownInlineConverter.plainText(of: children), textStyle: textStyle, link: link)
        case .htmlImage(let image):
            self.image(source: image.source, description: image.alt, textStyle: textStyle, link: link,
                       size: (image.width, image.height))
        case .htmlStyled(let kind, let children):
            let styled: Style = switch kind {
            case .keyboard: styled(.keyboard)
            case .marked: styled(.highlight)
            case .inserted: textStyle.overridden(by: Style(underline: TextDecoration()))
            // GitHub's `font-size: 75%` and `vertical-align: sub|super`, at a caption's size.
            case .subscript: textStyle.overridden(by: Style(font: FontDescriptor(textStyle: .caption), baselineOffset: -3))
            case .superscript: textStyle.overridden(by: Style(font: FontDescriptor(textStyle: .caption), baselineOffset: 6))
            }
            for child in children { visit(child, textStyle: styled, link: link) }
        case .footnoteReference(let number):
            // GitHub's bracketed, raised number, linked to its note.
            append("[\(number)]", style: styled(.footnoteReference),
                   link: Link(url: MarkdownFootnotes.noteAnchor(number), group: LinkGroups.next()))
        case .softBreak: append(" ", style: textStyle, link: link)
        case .lineBreak: append("\n", style: textStyle, link: link)
        case .inlineHTML(let html): append(html, style: textStyle, link: link)
        case .otherInline where MathFormula(node: node) != nil:
            formula(MathFormula(node: node)!, textStyle: textStyle, link: link)
        case .otherInline(_, let literal, let children):
            if children.isEmpty { append(literal ?? "", style: textStyle, link: link) }
            for child in children { visit(child, textStyle: textStyle, link: link) }
        default:
            // A block in an inline position cannot come from the parser; keep its text.
            for child in node.children { visit(child, textStyle: textStyle, link: link) }
        }
    }

    /// A code span. Where the theme gives inline code `padding` or a `cornerRadius` (GitHub's
    /// `padding: .2em .4em; border-radius: 6px`), its background is a box the layout draws
    /// (`InlineCodeBox`), and spacers make room for the box's sides; else the run's own background.
    private mutating func inlineCode(_ code: String, style codeStyle: Style, link: Link?) {
        let element = style[.inlineCode]
        guard let background = codeStyle.backgroundColor, element.padding != nil || element.cornerRadius != nil else {
            append(code, style: codeStyle, link: link)
            return
        }
        var plain = codeStyle
        plain.backgroundColor = nil
        let padding = element.padding ?? .zero
        var attributes = AttributeSet()
        attributes.set(InlineCodeBox(color: background, cornerRadius: element.cornerRadius ?? 0,
                                     verticalPadding: padding.height, span: list.spans.count))
        for var span in [Span(tag: .spacer(width: padding.width, glue: .next), alt: "", style: plain, link: link?.url, attributes: attributes),
                         Span(code, style: plain, link: link?.url, attributes: attributes),
                         Span(tag: .spacer(width: padding.width, glue: .previous), alt: "", style: plain, link: link?.url,
                              attributes: attributes)] {
            span.linkGroup = link?.group
            list.append(span)
        }
    }

    /// An image at hand as an inline image; one that is not (unreadable or remote: the scene
    /// decoder warned) as its description in brackets, in the `missingImage` style, as GitHub
    /// shows a broken image's alt text.
    private mutating func image(source: String, description: String, textStyle: Style, link: Link?,
                                size: (width: Double?, height: Double?) = (nil, nil)) {
        if let image = images[source] {
            // An `<img>`'s `height`, or its `width` at the image's aspect ratio; else the font's height.
            let height: Double? = size.height ?? size.width.map { $0 / Swift.max(image.aspectRatio, 0.001) }
            var span = Span(image: image, height: height.map { .points($0) } ?? .font, alt: description, style: textStyle,
                            link: link?.url)
            span.linkGroup = link?.group
            list.append(span)
        } else {
            let shown = description.isEmpty ? (source.split(separator: "/").last.map(String.init) ?? source) : description
            append("[\(shown)]", style: textStyle.overridden(by: style[.missingImage].text), link: link)
        }
    }

    /// A formula as its typeset box on the baseline, in the text's colour; one that did not
    /// compile (the scene decoder warned) as what the author wrote, in the `mathError` style.
    private mutating func formula(_ formula: MathFormula, textStyle: Style, link: Link?) {
        if let box = MathTypesetter.shared.cachedResult(for: formula)?.box {
            var span = box.span(alt: formula.written, style: textStyle)
            span.link = link?.url
            span.linkGroup = link?.group
            list.append(span)
        } else {
            append(formula.written, style: textStyle.overridden(by: style[.mathError].text), link: link)
        }
    }

    /// The characters of inline nodes without their markup: an image's description.
    static func plainText(of nodes: [MarkdownNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text), .inlineCode(let text), .inlineHTML(let text): text
            case .softBreak, .lineBreak: " "
            case .htmlImage(let image): image.alt
            case .otherInline(_, let literal, let children): children.isEmpty ? literal ?? "" : plainText(of: children)
            default: plainText(of: node.children)
            }
        }.joined()
    }
}
