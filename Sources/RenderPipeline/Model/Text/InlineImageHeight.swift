/// How tall an inline image is drawn; its width follows from its aspect ratio.
package enum InlineImageHeight: Hashable, Sendable {
    /// A fixed height in points.
    case points(Double)
    /// The span's resolved font size, so the image scales with Dynamic Type like the text around it.
    case font
    /// A multiple of the span's font size, `depth` of it (also in ems) below the baseline: a
    /// formula's box, which sits on the baseline as TeX set it.
    case em(Double, depth: Double)
}
