/// The vector files a frame can be written as: text stays text, shapes and gradients stay
/// shapes and gradients, and only filtered layers (blur, colour filters, shadows) become images.
package enum VectorFormat: String, CaseIterable, Sendable {
    /// One SVG file per frame.
    case svg
    /// One PDF document, one page per frame.
    case pdf

    /// The most pages one PDF holds: a longer animation is refused before any work (it is
    /// pages nobody pages through, and every page is held in memory until the file is written).
    package static let maximumPDFPages = 10_000

    /// The widest and tallest PDF page: 14,400 units (200 inches), the most PDF readers take.
    package static let maximumPDFPageSide = 14_400

    /// The file extension.
    package var fileExtension: String { rawValue }
}
