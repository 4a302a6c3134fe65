/// One styled piece of rich text: characters, an inline image, or a tag.
package struct Span: Hashable, Sendable {
    /// What a span shows.
    public enum Content: Hashable, Sendable {
        case text(String)
        /// An image drawn inline as one atomic box.
        case image(Image, height: InlineImageHeight)
        /// Text in a rounded box drawn inline as one atomic box.
        case tag(InlineTag)
        /// A named icon from the symbol font, drawn inline in the span's colour (see `Symbol`).
        case symbol(Symbol)
    }

    /// The character an image or tag occupies in the laid-out text (U+FFFC OBJECT REPLACEMENT CHARACTER).
    public static let objectReplacementCharacter = "\u{FFFC}"

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
    /// The text an image, tag or symbol stands for in plain-text export and reports; `nil` uses
    /// the default (a tag's text, a symbol's name, nothing for an image).
    public var alt: String?

    public init(_ text: String, style: Style = Style(), link: String? = nil, attributes: AttributeSet = AttributeSet()) {
        self.content = .text(text)
        self.style = style
        self.link = link
        self.attributes = attributes
    }

    /// An inline image span; its height is the font size unless given.
    public init(image: Image, height: InlineImageHeight = .font, alt: String? = nil, style: Style = Style(),
                link: String? = nil, attributes: AttributeSet = AttributeSet()) {
        self.content = .image(image, height: height)
        self.style = style
        self.link = link
        self.attributes = attributes
        self.alt = alt
    }

    /// A tag span: text in an unbreakable rounded box.
    public init(tag: InlineTag, alt: String? = nil, style: Style = Style(), link: String? = nil,
                attributes: AttributeSet = AttributeSet()) {
        self.content = .tag(tag)
        self.style = style
        self.link = link
        self.attributes = attributes
        self.alt = alt
    }

    /// A symbol span: a named icon in the span's colour, sized and centred with its text.
    public init(symbol: Symbol, alt: String? = nil, style: Style = Style(), link: String? = nil,
                attributes: AttributeSet = AttributeSet()) {
        self.content = .symbol(symbol)
        self.style = style
        self.link = link
        self.attributes = attributes
        self.alt = alt
    }

    /// The characters this span puts into the laid-out text: one U+FFFC for an image or tag.
    public var text: String {
        switch content {
        case .text(let s): s
        case .image, .tag, .symbol: Self.objectReplacementCharacter
        }
    }

    /// Whether the span is an image or a tag rather than characters.
    public var isInlineBox: Bool {
        if case .text = content { return false }
        return true
    }

    /// The text this span stands for when copied as plain text: images and tags as their `alt`.
    public var exportedText: String {
        switch content {
        case .text(let s): s
        case .image: alt ?? ""
        case .tag(let tag): alt ?? tag.text
        case .symbol(let symbol): alt ?? symbol.name
        }
    }
}
