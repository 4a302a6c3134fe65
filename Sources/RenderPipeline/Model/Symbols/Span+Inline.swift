extension Span {
    /// The span `Text(image)` makes: a symbol span for `Image(systemName:)`, else an image span.
    init(inline image: Image, height: InlineImageHeight, alt: String?) {
        if let symbol = image.symbol {
            self.init(symbol: symbol, alt: alt)
        } else {
            self.init(image: image, height: height, alt: alt)
        }
    }
}
