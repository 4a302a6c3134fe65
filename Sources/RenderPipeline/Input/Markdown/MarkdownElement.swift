/// A kind of Markdown element that can be styled and selected, as MarkdownView's
/// `MarkdownTextType` and `TintableComponent` (`.h1`, `.body`, `.codeBlock`, `.blockQuote`,
/// `.tableHeader`, `.tableBody` …), plus the block and inline elements they leave out.
public enum MarkdownElement: String, CaseIterable, Hashable, Sendable {
    /// Paragraph text, and the text every other element starts from.
    case body
    case h1, h2, h3, h4, h5, h6
    case blockQuote
    case codeBlock
    /// Bullet, numbered and task list items: their markers, indent and spacing.
    case listItem
    /// A table's grid: borders, stripes, cell padding.
    case table
    case tableHeader
    case tableBody
    case thematicBreak
    /// A paragraph that holds only an image, drawn as a block scaled to the width.
    case image
    case inlineCode
    case link
    case strong
    case emphasis
    case strikethrough
    /// Raw HTML `<kbd>`: a key cap.
    case keyboard
    /// Raw HTML `<mark>`: highlighted text.
    case highlight
    /// The alt text shown, in brackets, for an image that cannot be shown (unreadable or remote).
    case missingImage
    /// A formula that does not compile: its source, as written, in the error colour.
    case mathError
    /// A GitHub alert (`> [!NOTE]` …): its bar, title line and content; `tint` per kind in `MarkdownStyle.alertTints`.
    case alert
    /// The notes at the end of a document: their rule, numbers and text.
    case footnotes
    /// A footnote reference in the text (`[^1]`), a raised, bracketed number.
    case footnoteReference

    /// MarkdownView's name for inline code's tint.
    public static var inlineCodeBlock: MarkdownElement { .inlineCode }

    /// The heading element of `level` (1–6; levels past 6 are h6).
    public static func heading(_ level: Int) -> MarkdownElement {
        [.h1, .h2, .h3, .h4, .h5, .h6][Swift.min(Swift.max(level, 1), 6) - 1]
    }

    /// The heading level, for h1–h6.
    public var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    /// Whether the element is a run of text inside a block rather than a block.
    public var isInline: Bool {
        switch self {
        case .inlineCode, .link, .strong, .emphasis, .strikethrough, .keyboard, .highlight, .missingImage, .mathError, .footnoteReference: true
        default: false
        }
    }
}
