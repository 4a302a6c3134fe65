import Foundation
import Testing
@testable import RenderPipeline

/// A shadow's mask is blurred one byte a pixel (`BoxBlur.applyToAlpha`): it must be byte for
/// byte the alpha channel of the four-channel blur (`BoxBlur.apply`) it replaces, whatever the
/// size, radius or banding, so no shadow's pixels change.
@Suite struct BoxBlurAlphaTests {
    /// A `width` × `height` image of premultiplied pixels that mixes soft and hard edges: a
    /// disc of varying alpha on a few opaque specks, the same for the same arguments.
    func pixels(width: Int, height: Int) -> [UInt32] {
        var seed: UInt32 = 0x9E37_79B9 &* UInt32(width * 131 + height)
        return (0..<(width * height)).map { i in
            let x = Double(i % width) - Double(width) / 2, y = Double(i / width) - Double(height) / 2
            let inside = (x * x + y * y).squareRoot() < Double(min(width, height)) / 3
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let a: UInt32 = inside ? 128 + (seed >> 25) : (seed >> 28 == 0 ? 255 : 0)
            return a << 24 | (a / 2) << 16 | (a / 3) << 8 | a / 4
        }
    }

    /// The alpha bytes the four-channel blur leaves.
    func alphaOfFourChannelBlur(_ image: [UInt32], width: Int, height: Int, sigma: Double) -> [UInt8] {
        var image = image
        image.withUnsafeMutableBytes {
            BoxBlur.apply(to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: 4 * width, sigma: sigma)
        }
        return image.map { UInt8($0 >> 24) }
    }

    /// The one-channel blur of the image's alpha, in rows `padding` bytes longer than `width`
    /// (as an A8 surface's stride is), checking the padding is left alone.
    func alphaBlur(_ image: [UInt32], width: Int, height: Int, sigma: Double, bands: Int? = nil) -> [UInt8] {
        let padding = 3, stride = width + padding, sentinel: UInt8 = 0xA5
        var bytes = [UInt8](repeating: sentinel, count: stride * height)
        for y in 0..<height { for x in 0..<width { bytes[y * stride + x] = UInt8(image[y * width + x] >> 24) } }
        bytes.withUnsafeMutableBufferPointer {
            BoxBlur.applyToAlpha($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma, bands: bands)
        }
        #expect((0..<height).allSatisfy { y in bytes[(y * stride + width)..<((y + 1) * stride)].allSatisfy { $0 == sentinel } })
        return (0..<height).flatMap { y in bytes[(y * stride)..<(y * stride + width)] }
    }

    /// Sizes on both sides of the sixteen-column vectors, odd widths, single rows and columns,
    /// and radii from none to wider than the image.
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (15, 7), (16, 16), (17, 5), (37, 23), (48, 3), (70, 41)],
          [0.0, 0.4, 1, 2.5, 6, 20])
    func equalsTheAlphaOfTheFourChannelBlur(size: (Int, Int), sigma: Double) {
        let (width, height) = size
        let image = pixels(width: width, height: height)
        let expected = alphaOfFourChannelBlur(image, width: width, height: height, sigma: sigma)
        #expect(alphaBlur(image, width: width, height: height, sigma: sigma) == expected)
        if sigma == 0 { #expect(expected == image.map { UInt8($0 >> 24) }) }
    }

    /// Boxes of radius ~150, wider than the image (the quotient table stops at the longest
    /// line's sum) and with window sums past 16 bits.
    @Test func aWideRadiusEqualsTheFourChannelBlur() {
        let image = pixels(width: 33, height: 300)
        #expect(alphaBlur(image, width: 33, height: 300, sigma: 150) == alphaOfFourChannelBlur(image, width: 33, height: 300, sigma: 150))
    }

    /// Bands of rows and columns split on cores give the same bytes as one band.
    @Test func bandsDoNotChangeTheResult() {
        let image = pixels(width: 53, height: 29)
        let whole = alphaBlur(image, width: 53, height: 29, sigma: 3, bands: 1)
        #expect(whole != image.map { UInt8($0 >> 24) })
        for bands in [2, 3, 7] { #expect(alphaBlur(image, width: 53, height: 29, sigma: 3, bands: bands) == whole) }
    }
}
