@testable import RenderPipeline
@testable import TextEffects

/// How close a vector render rasterised again must be to the PNG render of the same frame.
///
/// The two differ by antialiasing and hinting: the PNG's glyphs are hinted and snapped to
/// whole pixels as Cairo shows them, while librsvg and poppler fill the unhinted outlines where
/// they are (poppler with its own rasteriser), so small text differs a great deal pixel by
/// pixel while looking the same. Both images are put over white first (poppler draws a page on
/// paper). Accepted, for every scene of `Scenes/` at scale 1:
///
/// - a mean difference of at most `meanLevels` (10) levels of 255 per channel;
/// - at most `farFraction` (5 %) of the pixels differing by more than `farLevels` (96) levels in
///   a channel (a glyph edge a pixel apart);
/// - no 4 × 4 block of pixels whose mean differs by more than `maxCellLevels` (112) levels in a
///   channel: a glyph edge averages out over a block, a missing, misplaced or miscoloured mark
///   does not (a template icon drawn away from its place measured 202, colour emoji drawn as
///   outlines 244; today's worst scene 98).
struct VectorTolerance {
    var meanLevels = 10.0
    var farLevels = 96
    var farFraction = 0.05
    var maxCellLevels = 112.0

    static let standard = VectorTolerance()

    /// The measured difference of two images of one size.
    struct Difference: CustomStringConvertible {
        var meanLevels: Double
        var farFraction: Double
        var maxLevels: Int
        /// The largest difference of one channel's mean over a `cell` × `cell` block of pixels:
        /// a glyph edge a pixel apart averages out there, a missing or misplaced mark does not.
        var maxCellLevels: Double
        static let cell = 4

        /// The difference of `a` and `b` over white, or nil when their sizes differ.
        init?(_ a: ImageSurface, _ b: ImageSurface, farLevels: Int = VectorTolerance.standard.farLevels) {
            guard a.width == b.width, a.height == b.height else { return nil }
            var total = 0, far = 0, most = 0
            let cell = Self.cell
            let columns = (a.width + cell - 1) / cell
            // Per cell and channel: the sum of signed differences.
            var cells = [Int](repeating: 0, count: columns * ((a.height + cell - 1) / cell) * 3)
            a.withPixels { pa in
                b.withPixels { pb in
                    for y in 0..<a.height {
                        for x in 0..<a.width {
                            let ia = y * a.stride + x * 4, ib = y * b.stride + x * 4
                            // Premultiplied over white: colour + (255 − alpha).
                            let wa = 255 - Int(pa[ia + 3]), wb = 255 - Int(pb[ib + 3])
                            var pixel = 0
                            for c in 0..<3 {
                                let signed = Int(pa[ia + c]) + wa - Int(pb[ib + c]) - wb
                                let d = abs(signed)
                                cells[((y / cell) * columns + x / cell) * 3 + c] += signed
                                total += d
                                pixel = max(pixel, d)
                            }
                            if pixel > farLevels { far += 1 }
                            most = max(most, pixel)
                        }
                    }
                }
            }
            let pixels = Double(a.width * a.height)
            meanLevels = Double(total) / (pixels * 3)
            farFraction = Double(far) / pixels
            maxLevels = most
            maxCellLevels = Double(cells.map { abs($0) }.max() ?? 0) / Double(cell * cell)
        }

        var description: String {
            "mean \(String(format: "%.3f", meanLevels)) levels, \(String(format: "%.3f", farFraction * 100)) % of pixels beyond the far level, max \(maxLevels), max over \(Self.cell)×\(Self.cell) cells \(String(format: "%.1f", maxCellLevels))"
        }
    }

    func accepts(_ difference: Difference) -> Bool {
        difference.meanLevels <= meanLevels && difference.farFraction <= farFraction && difference.maxCellLevels <= maxCellLevels
    }
}
