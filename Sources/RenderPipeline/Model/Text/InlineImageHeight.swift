/// How tall an inline image is drawn; its width follows from its aspect ratio.
package enum InlineImageHeight: Hashable, Sendable {
    /// A fixed height in points.
    case points(Double)
    /// The span's resolved font size, so the image scales with Dynamic Type like the text around it.
    case font
}
