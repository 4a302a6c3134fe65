import Foundation
import Testing
@testable import RenderPipeline

/// A shadow cast again from the same alpha takes its blurred mask from `ShadowMaskCache`
/// (an avatar ring's shadow on every card of a batch): the same pixels as a fresh blur, and
/// reused only when the alpha, size, blur and inversion are the same.
@Suite struct ShadowMaskCacheTests {
    /// A disc's layer, as a shape's layer holds it when its shadow is cast.
    struct Disc {
        var color: Color = .white
        /// Pixels from the layer's edges to the disc.
        var inset: Double = 20
        /// A move to the right, by a fraction of a pixel.
        var shift: Double = 0
        var radius: Double = 6
        var options: GraphicsContext.ShadowOptions = []
    }

    /// The bytes of `disc`'s layer after its shadow is cast with `masks` (nil: blurred afresh, nothing kept).
    func shadowed(_ disc: Disc, masks: ShadowMaskCache?) throws -> [UInt8] {
        let surface = try ImageSurface(width: 96, height: 80)
        GraphicsContext(surface: surface).fill(
            Path(ellipseIn: CGRect(x: disc.inset + disc.shift, y: disc.inset, width: 96 - 2 * disc.inset, height: 80 - 2 * disc.inset)),
            with: disc.color)
        DrawingTarget(surface: surface).castShadow(color: Color(red: 0.2, green: 0.1, blue: 0.4, alpha: 0.5), radius: disc.radius,
                                                   dx: 0, dy: 4, blendMode: .normal, options: disc.options, scale: 1, masks: masks)
        return Array(UnsafeBufferPointer(start: surface.pixelsForReading(), count: surface.stride * surface.height))
    }

    @Test func aRepeatedShadowIsKeptAndGivesTheFreshPixels() throws {
        let masks = ShadowMaskCache()
        let white = Disc()
        let fresh = try shadowed(white, masks: nil)
        // Seen once (remembered), twice (blurred and kept), then given from the cache.
        for _ in 0..<2 { #expect(try shadowed(white, masks: masks) == fresh) }
        #expect(masks.hits == 0 && masks.kept.count == 1)
        #expect(try shadowed(white, masks: masks) == fresh)
        #expect(masks.hits == 1)
        // Another colour, the same alpha: the same mask, under this layer's own colour.
        let blue = Disc(color: .blue)
        let freshBlue = try shadowed(blue, masks: nil)
        #expect(freshBlue != fresh)
        #expect(try shadowed(blue, masks: masks) == freshBlue)
        #expect(masks.hits == 2)
        // The inner shadow of the same alpha is another mask, kept on its own.
        let inner = Disc(options: .invertsAlpha)
        let freshInner = try shadowed(inner, masks: nil)
        for _ in 0..<3 { #expect(try shadowed(inner, masks: masks) == freshInner) }
        #expect(masks.hits == 3 && masks.kept.count == 2)
    }

    @Test func anotherAlphaOrBlurIsNotReused() throws {
        let masks = ShadowMaskCache()
        for _ in 0..<3 { _ = try shadowed(Disc(), masks: masks) }
        #expect(masks.hits == 1)
        // A disc moved by a quarter pixel, a larger disc, a wider blur: blurred afresh, as without the cache.
        for disc in [Disc(shift: 0.25), Disc(inset: 18), Disc(radius: 7)] {
            #expect(try shadowed(disc, masks: masks) == shadowed(disc, masks: nil))
        }
        #expect(masks.hits == 1)
    }

    @Test func aLayerLargerThanTheLargestMaskIsNeverKept() throws {
        let masks = ShadowMaskCache(largestMask: 96 * 80 - 1)
        let fresh = try shadowed(Disc(), masks: nil)
        for _ in 0..<3 { #expect(try shadowed(Disc(), masks: masks) == fresh) }
        #expect(masks.hits == 0 && masks.misses == 0 && masks.kept.count == 0)
    }

    @Test func memoryStaysWithinTheLimit() throws {
        // Room for two masks of 96 × 80 (the alpha and the blurred A8 mask: 15,360 bytes each).
        let masks = ShadowMaskCache(byteLimit: 32_000)
        for inset in [10.0, 14, 18, 22] {
            for _ in 0..<2 { _ = try shadowed(Disc(inset: inset), masks: masks) }
        }
        #expect(masks.kept.count == 2 && masks.kept.bytes <= 32_000)
        // The latest are the ones kept.
        _ = try shadowed(Disc(inset: 22), masks: masks)
        _ = try shadowed(Disc(inset: 18), masks: masks)
        #expect(masks.hits == 2)
    }
}
