import CCairo
import Foundation
import Testing
@testable import RenderPipeline

/// An image's rasters (its pixels scaled to where it lands, kept for the frames, bands and cards
/// that show it alike): one serves every place a whole number of pixels apart, with the bytes a
/// fresh one has; a few are kept, no more.
@Suite struct ImageRasterTests {
    /// A 64 × 48 PNG with a gradient in both directions, so that any resampling shows.
    static func png() throws -> Data {
        let surface = try ImageSurface(width: 64, height: 48)
        surface.withPixels { bytes in
            for y in 0..<48 {
                for x in 0..<64 {
                    let pixel = y * surface.stride + x * 4
                    bytes[pixel] = UInt8(x * 4); bytes[pixel + 1] = UInt8(y * 5); bytes[pixel + 2] = UInt8((x * y) % 256); bytes[pixel + 3] = 255
                }
            }
        }
        return try PNGWriter.encode(surface)
    }

    /// `source` drawn scaled into a 30.5 × 23 rectangle at (x, y) of a transparent 80 × 60
    /// surface, moved there as a block is, by the context's transform.
    static func drawn(_ source: ImageSource, x: Double, y: Double) throws -> [UInt8] {
        let surface = try ImageSurface(width: 80, height: 60)
        let cairo = CairoContext(surface: surface)
        cairo.withUnsafeCairoContext { cairo_translate($0, x, y) }
        source.draw(in: CGRect(x: 0, y: 0.5, width: 30.5, height: 23), on: cairo)
        return surface.withPixels { Array($0) }
    }

    @Test("a raster serves places a whole number of pixels apart with the bytes of a fresh one; a few are kept")
    func wholePixelMoves() throws {
        let png = try Self.png()
        let source = try ImageSource(data: png, path: "gradient.png")
        _ = try Self.drawn(source, x: 10.25, y: 7.5)
        let moved = try Self.drawn(source, x: 13.25, y: 9.5)
        #expect(source.keptRasters == 1, "the same raster, moved")
        #expect(moved == (try Self.drawn(try ImageSource(data: png, path: "gradient.png"), x: 13.25, y: 9.5)))
        let other = try Self.drawn(source, x: 13.5, y: 9.5)
        #expect(source.keptRasters == 2)
        #expect(other == (try Self.drawn(try ImageSource(data: png, path: "gradient.png"), x: 13.5, y: 9.5)))
        for step in 1...ImageSource.maximumRasters + 2 { _ = try Self.drawn(source, x: 10 + Double(step) / 8, y: 7.5) }
        #expect(source.keptRasters == ImageSource.maximumRasters)
    }
}
