extension Text {
    /// The scale of the symbols in this text that do not set their own, as SwiftUI's
    /// `imageScale(_:)` on a view holding symbol images.
    public func imageScale(_ scale: Image.Scale) -> Text {
        Text(spans: spans.map { span in
            guard case .symbol(var symbol) = span.content, symbol.scale == nil else { return span }
            var span = span
            symbol.scale = scale
            span.content = .symbol(symbol)
            return span
        })
    }
}
