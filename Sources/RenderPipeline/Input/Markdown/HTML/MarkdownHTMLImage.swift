/// A raw HTML `<img>` in a Markdown document: where it is, what it says, and how large it asks to be.
package struct MarkdownHTMLImage: Hashable, Sendable {
    /// The `src` attribute, as written (a path relative to the scene, or a URL).
    public var source: String
    /// The `alt` attribute: shown when the image cannot be.
    public var alt: String
    /// The `width` and `height` attributes in CSS pixels (points); nil when absent or not a number.
    public var width: Double?
    public var height: Double?

    public init(source: String, alt: String, width: Double? = nil, height: Double? = nil) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
    }
}
