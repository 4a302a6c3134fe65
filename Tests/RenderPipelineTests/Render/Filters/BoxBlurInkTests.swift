import Foundation
import Testing
@testable import RenderPipeline

/// The box blur walks only a layer's ink and the blur's reach around it (`BoxBlur.inkRect`):
/// the pixels must be those of blurring the whole region, checked against a plain
/// three-box blur written out here channel by channel.
@Suite struct BoxBlurInkTests {
    /// `image` blurred the plain way: each pass's window clipped to the region, the sum times
    /// ⌊2¹⁶ / (2r + 1)⌋ + 1 shifted down by 16, at most 255; each channel on its own.
    func plainBlur(_ image: [UInt32], width: Int, height: Int, sigma: Double) -> [UInt32] {
        var channels = (0..<4).map { c in image.map { Int(($0 >> (8 * UInt32(c))) & 0xFF) } }
        for radius in BoxBlur.boxRadii(sigma: sigma) where radius > 0 {
            let scale = (1 << 16) / (2 * radius + 1) + 1
            for c in 0..<4 {
                var pass = channels[c]
                for y in 0..<height {
                    for x in 0..<width {
                        let sum = (max(x - radius, 0)...min(x + radius, width - 1)).reduce(0) { $0 + channels[c][y * width + $1] }
                        pass[y * width + x] = min((sum * scale) >> 16, 255)
                    }
                }
                for x in 0..<width {
                    for y in 0..<height {
                        let sum = (max(y - radius, 0)...min(y + radius, height - 1)).reduce(0) { $0 + pass[$1 * width + x] }
                        channels[c][y * width + x] = min((sum * scale) >> 16, 255)
                    }
                }
            }
        }
        return (0..<image.count).map { i in (0..<4).reduce(UInt32(0)) { $0 | UInt32(channels[$1][i]) << (8 * UInt32($1)) } }
    }

    /// A `width` × `height` transparent region with an opaque-edged translucent blob at (x, y).
    func blob(width: Int, height: Int, x: Int, y: Int, size: Int = 5) -> [UInt32] {
        var image = [UInt32](repeating: 0, count: width * height)
        for j in 0..<size { for i in 0..<size where x + i < width && y + j < height {
            let a = UInt32(i == 0 || j == size - 1 ? 255 : 90 + 20 * i)
            image[(y + j) * width + x + i] = a << 24 | (a / 2) << 16 | (a / 5) << 8 | a
        } }
        return image
    }

    @Test(arguments: [(40, 30, 17, 11), (40, 30, 0, 0), (40, 30, 35, 25), (9, 50, 2, 40)], [1.0, 2.5])
    func aBlobInALargeLayerBlursAsTheWholeLayer(place: (Int, Int, Int, Int), sigma: Double) {
        let (width, height, x, y) = place
        var image = blob(width: width, height: height, x: x, y: y)
        let expected = plainBlur(image, width: width, height: height, sigma: sigma)
        image.withUnsafeMutableBytes {
            BoxBlur.apply(to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: 4 * width, sigma: sigma)
        }
        #expect(image == expected)
        #expect(image != blob(width: width, height: height, x: x, y: y))
        // The alpha alone, one byte a pixel, blurs to the same alpha.
        var alpha = blob(width: width, height: height, x: x, y: y).map { UInt8($0 >> 24) }
        alpha.withUnsafeMutableBufferPointer { BoxBlur.applyToAlpha($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
        #expect(alpha == expected.map { UInt8($0 >> 24) })
    }

    @Test func inkRectIsTheNonzeroPixelsGrownWithinTheRegion() {
        var image = [UInt32](repeating: 0, count: 20 * 10)
        image.withUnsafeBytes { #expect(BoxBlur.inkRect($0.baseAddress!, of: UInt32.self, width: 20, height: 10, stride: 80, outset: 3) == nil) }
        // A colour byte alone (alpha zero) is ink too: the blur must not drop it.
        image[4 * 20 + 7] = 0x0000_0100
        image[6 * 20 + 12] = 0xFF00_0000
        image.withUnsafeBytes {
            #expect(BoxBlur.inkRect($0.baseAddress!, of: UInt32.self, width: 20, height: 10, stride: 80, outset: 0)
                    == BoxBlur.InkRect(x: 7, y: 4, width: 6, height: 3))
            #expect(BoxBlur.inkRect($0.baseAddress!, of: UInt32.self, width: 20, height: 10, stride: 80, outset: 5)
                    == BoxBlur.InkRect(x: 2, y: 0, width: 16, height: 10))
        }
    }
}
