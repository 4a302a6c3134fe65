extension Image {
    /// A template image is drawn as a mask filled with the text's colour, as SwiftUI's
    /// `Image(...).renderingMode(.template)`; `nil` keeps the image's own colours.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var image = self
        image.renderingMode = mode ?? .original
        return image
    }

    /// A symbol's size relative to its text, as SwiftUI's `imageScale(_:)`; no effect on files.
    public func imageScale(_ scale: Scale) -> Image {
        var image = self
        image.symbol?.scale = scale
        return image
    }
}
