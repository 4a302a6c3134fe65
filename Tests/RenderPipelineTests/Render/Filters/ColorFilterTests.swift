import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

@Suite struct ColorFilterTests {
    /// A premultiplied ARGB32 word, as cairo stores a pixel.
    func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

    /// Filters `pixels`, `width` to a row, in a buffer whose rows carry padding words past
    /// `width` (as cairo's stride may), and checks the padding is left alone.
    func filtered(_ pixels: [UInt32], width: Int? = nil, _ filter: ColorFilter, linearColor: Bool = false) -> [UInt32] {
        let width = width ?? pixels.count, height = pixels.count / width, padding = 3
        let sentinel: UInt32 = 0xDEAD_BEEF
        let rowWords = width + padding
        var buffer = [UInt32](repeating: sentinel, count: rowWords * height)
        for y in 0..<height { for x in 0..<width { buffer[y * rowWords + x] = pixels[y * width + x] } }
        buffer.withUnsafeMutableBytes { bytes in
            filter.apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                         stride: rowWords * 4, linearColor: linearColor)
        }
        #expect((0..<height).allSatisfy { y in buffer[(y * rowWords + width)..<((y + 1) * rowWords)].allSatisfy { $0 == sentinel } })
        return (0..<height).flatMap { y in buffer[(y * rowWords)..<(y * rowWords + width)] }
    }

    /// Every valid premultiplied pixel (each channel at most its alpha), sampled along a few paths.
    var premultipliedPixels: [UInt32] {
        (0...255 as ClosedRange<UInt32>).flatMap { a in (0...a).map { c in argb(a, c, a - c, c / 2) } }
    }

    let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

    @Test func colorMatrixStartsAsTheIdentity() {
        let m = ColorMatrix()
        #expect([m.r1, m.g2, m.b3, m.a4] == [1, 1, 1, 1])
        #expect([m.r2, m.r3, m.r4, m.r5, m.g1, m.g3, m.g4, m.g5, m.b1, m.b2, m.b4, m.b5, m.a1, m.a2, m.a3, m.a5].allSatisfy { $0 == 0 })
    }

    @Test func identityMatrixChangesNothingByteForByte() {
        let pixels = premultipliedPixels
        #expect(filtered(pixels, .colorMatrix(ColorMatrix())) == pixels)
        #expect(filtered(pixels, .colorMatrix(ColorMatrix()), linearColor: true) == pixels, "sRGB → linear → sRGB is exact to the level")
    }

    @Test func neutralAmountsChangeNothing() {
        let pixels = premultipliedPixels
        for filter: ColorFilter in [.hueRotation(radians: 0), .saturation(1), .brightness(0), .contrast(1), .grayscale(0),
                                    .colorInvert(0), .colorMultiply(.white)] {
            #expect(filtered(pixels, filter) == pixels, "\(filter)")
        }
    }

    @Test func halfTransparentPixelsRoundTripThroughTheStraightColor() {
        // 50 % alpha: the straight color is twice the stored levels, and comes back the same.
        let pixels = [argb(128, 64, 32, 0), argb(128, 128, 1, 127), argb(1, 1, 0, 0), argb(254, 3, 250, 100)]
        #expect(filtered(pixels, .colorMatrix(ColorMatrix())) == pixels)
        #expect(filtered(pixels, .saturation(1)) == pixels)
        // Filtered, the color changes but the alpha stays and no channel exceeds it.
        let inverted = filtered(pixels, .colorInvert(1))
        #expect(inverted[0] == argb(128, 64, 96, 128))
        #expect(inverted.allSatisfy { p in [p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF].allSatisfy { $0 <= p >> 24 } })
    }

    @Test func hueRotationBy120DegreesTurnsRedTowardGreen() {
        // W3C hueRotate at 120°, red column: r = 0.213 − 0.5·0.787 − 0.866·0.213 < 0,
        // g = 0.213 + 0.5·0.213 + 0.866·0.143 = 0.443, b = 0.213 + 0.5·0.213 − 0.866·0.787 < 0.
        #expect(filtered([red], .hueRotation(radians: 2 * .pi / 3)) == [argb(255, 0, 113, 0)])
    }

    @Test func saturationZeroGivesTheLumaWeights() {
        // saturate(0) puts 0.213 R + 0.715 G + 0.072 B in every channel.
        let out = filtered([red, green, blue, white], .saturation(0))
        #expect(out == [argb(255, 54, 54, 54), argb(255, 182, 182, 182), argb(255, 18, 18, 18), white])
    }

    @Test func grayscaleUsesTheCSSWeightsAndClampsItsAmount() {
        // 0.2126, 0.7152, 0.0722 of 255: 54.2, 182.4, 18.4.
        let out = filtered([red, green, blue], .grayscale(1))
        #expect(out == [argb(255, 54, 54, 54), argb(255, 182, 182, 182), argb(255, 18, 18, 18)])
        #expect(filtered([red, green], .grayscale(3)) == out.prefix(2).map { $0 })
        #expect(filtered([argb(255, 200, 100, 0)], .grayscale(0.5)) == [argb(255, 157, 107, 57)])
    }

    @Test func brightnessAddsToEachColorComponent() {
        // 0.2 is 51 levels; a half-transparent pixel gains 51 levels of straight color (25.6 stored).
        let out = filtered([argb(255, 100, 0, 200), argb(255, 240, 10, 20), argb(128, 50, 0, 100), 0], .brightness(0.2))
        #expect(out == [argb(255, 151, 51, 251), argb(255, 255, 61, 71), argb(128, 76, 26, 126), 0])
        #expect(filtered([argb(255, 100, 0, 200)], .brightness(1)) == [white])
        #expect(filtered([argb(255, 100, 0, 200)], .brightness(-0.2)) == [argb(255, 49, 0, 149)])
    }

    @Test func contrastZeroIsMiddleGrey() {
        // 0.5 · 255 = 127.5, rounded half away from zero.
        #expect(filtered([red, blue, argb(255, 10, 20, 30)], .contrast(0)) == [argb(255, 128, 128, 128), argb(255, 128, 128, 128), argb(255, 128, 128, 128)])
        // 1.5 · C − 0.25, in levels 1.5 · C − 63.75.
        #expect(filtered([argb(255, 60, 100, 200), argb(255, 20, 230, 0)], .contrast(1.5)) == [argb(255, 26, 86, 236), argb(255, 0, 255, 0)])
    }

    @Test func colorInvertFlipsEachComponent() {
        #expect(filtered([argb(255, 10, 20, 30)], .colorInvert(1)) == [argb(255, 245, 235, 225)])
        #expect(filtered([white, 0], .colorInvert(1)) == [argb(255, 0, 0, 0), 0], "transparent stays transparent")
        // Half inversion pulls everything to the middle.
        #expect(filtered([white, argb(255, 0, 0, 0)], .colorInvert(0.5)) == [argb(255, 128, 128, 128), argb(255, 128, 128, 128)])
    }

    @Test func colorMultiplyScalesColorAndAlpha() {
        let tint = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        #expect(filtered([white, argb(128, 128, 128, 128)], .colorMultiply(tint)) == [argb(128, 128, 64, 0), argb(64, 64, 32, 0)])
    }

    @Test func luminanceToAlphaGivesBlackWithTheLuminanceAsAlpha() {
        let out = filtered([white, red, argb(255, 0, 0, 0), 0], .luminanceToAlpha)
        // White: 0.2125 + 0.7154 + 0.0721 = 1, opaque black. Red: 0.2125 · 255 = 54.2.
        #expect(out == [argb(255, 0, 0, 0), argb(54, 0, 0, 0), 0, 0])
        // SVG reads the straight color: half-transparent white is as white as opaque white.
        #expect(filtered([argb(128, 128, 128, 128)], .luminanceToAlpha) == [argb(255, 0, 0, 0)])
    }

    @Test func alphaThresholdKeepsOnlyPixelsInRange() {
        let fill = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        // 0.2 · 255 = 51 and 0.8 · 255 = 204 are in; 50 and 205 are out, whatever their color.
        let pixels = [argb(50, 50, 0, 0), argb(51, 0, 51, 0), argb(128, 1, 2, 3), argb(204, 204, 204, 204), argb(205, 0, 0, 0), 0, white]
        let out = filtered(pixels, .alphaThreshold(min: 0.2, max: 0.8, color: fill))
        let kept = argb(128, 128, 0, 0)
        #expect(out == [0, kept, kept, kept, 0, 0, 0])
        // Opaque pixels pass with the default max of 1, in an opaque color.
        #expect(filtered([white, argb(127, 0, 0, 0)], .alphaThreshold(min: 0.5, max: 1, color: Color(red: 0, green: 0, blue: 1))) == [blue, 0])
    }

    @Test func transparentPixelsTakeAColorOnlyWhenTheMatrixGivesBlackAlpha() {
        var m = ColorMatrix()
        m.r5 = 1
        #expect(filtered([0], .colorMatrix(m)) == [0], "no alpha offset: transparent stays transparent")
        m.a5 = 0.5
        #expect(filtered([0], .colorMatrix(m)) == [argb(128, 128, 0, 0)], "an alpha offset fills the empty layer")
    }

    @Test func linearColorComputesInLinearLight() {
        // Linear 0.5 encodes as sRGB 0.7354, 187.5 levels: lighter than the sRGB 128.
        #expect(filtered([red], .contrast(0), linearColor: true) == [argb(255, 188, 188, 188)])
        // The multiplying color is linearized too, so sRGB 0.4 (linear 0.133) times white is 0.4 again.
        #expect(filtered([white], .colorMultiply(Color(red: 0.4, green: 0.4, blue: 0.4)), linearColor: true) == [argb(255, 102, 102, 102)])
    }

    @Test func largeLayersSplitIntoBandsGiveTheSameResult() {
        // Over the parallel threshold; compare with the same rows filtered one at a time.
        let width = 600, height = 500
        let pixels = (0..<(width * height)).map { i -> UInt32 in
            let a = UInt32(i % 256)
            return argb(a, UInt32(i / 3) % (a + 1), UInt32(i / 7) % (a + 1), UInt32(i / 11) % (a + 1))
        }
        let filter = ColorFilter.hueRotation(radians: 1)
        let whole = filtered(pixels, width: width, filter)
        let rows = (0..<height).flatMap { y in filtered(Array(pixels[(y * width)..<((y + 1) * width)]), filter) }
        #expect(whole == rows)
    }

    @Test func filtersACairoSurfaceInPlace() throws {
        // End to end with cairo's own layout: bytes B, G, R, A on little-endian, padded rows.
        let surface = try ImageSurface(width: 7, height: 3)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 3)), with: Color(red8: 10, green8: 20, blue8: 30))
        surface.withPixels { bytes in
            ColorFilter.colorInvert(1).apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                             width: surface.width, height: surface.height, stride: surface.stride)
        }
        #expect(surface.pixel(x: 1, y: 1) == Color(red8: 245, green8: 235, blue8: 225))
        #expect(surface.pixel(x: 5, y: 1) == .clear)
    }
}
