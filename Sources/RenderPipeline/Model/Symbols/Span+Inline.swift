extension Span {
    /// The span `Text(image)` makes: a symbol span for `Image(systemName:)`, an image span for a
    /// file, and an empty text for an image that names nothing (`Image("missing")`), which
    /// SwiftUI shows as nothing.
    init(inline image: Image, height: InlineImageHeight, alt: String?) {
        if let symbol = image.symbol {
            self.init(symbol: symbol, alt: alt)
        } else if image.source == nil {
            self.init("")
        } else {
            self.init(image: image, height: height, alt: alt)
        }
    }
}
