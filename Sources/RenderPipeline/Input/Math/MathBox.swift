import Foundation

/// A typeset formula: its SVG (glyphs as paths, black on transparent) and its box in ems of the
/// text it sits in, as TeX measured it, widened to hold any ink that pokes out of TeX's box.
package struct MathBox: Sendable {
    /// The SVG, its view box the formula's box; the baseline is `depth` above its bottom.
    public var svg: Data
    /// The box's width, height (above and below the baseline together) and depth (below it), in ems.
    public var width: Double
    public var height: Double
    public var depth: Double
    /// The SVG decoded once, drawn as a template: its alpha filled with the text's colour.
    public var image: Image

    /// How large a formula is set against its text: TeX's em (10 pt) becomes this many of the
    /// text's font size, so that Computer Modern's x-height (0.43 em) meets DejaVu Sans's (0.55 em).
    public static let textScale = 1.2

    /// Decodes `svg` (from TeX or the cache) with the box it was measured with.
    init(svg: Data, width: Double, height: Double, depth: Double, name: String) throws(ImageError) {
        self.svg = svg
        self.width = width
        self.height = height
        self.depth = depth
        // dvisvgm's glyph paths and rules take the default fill: drawn as paths on vector pages.
        var image = try Image(data: svg, path: name, monochrome: true)
        image.renderingMode = .template
        self.image = image
    }

    /// The span that shows this formula in text of `style`, as an inline box on the baseline.
    func span(alt: String, style: Style) -> Span {
        Span(image: image, height: .em(height * Self.textScale, depth: depth * Self.textScale), alt: alt, style: style)
    }
}
