extension Image {
    /// How an image's pixels are used, as SwiftUI's `Image.TemplateRenderingMode`: as they are,
    /// or as a mask filled with the text's colour.
    public enum TemplateRenderingMode: String, Hashable, Sendable {
        /// The image's own colours.
        case original
        /// The image's alpha as a mask, filled with the foreground style (the span's colour).
        case template
    }
}
