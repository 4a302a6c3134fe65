import CWebP
import Foundation

/// Encodes frames as still WebP files with libwebp's simple API, alpha kept.
///
/// Lossy (`WebPEncodeBGRA`, VP8 with a losslessly compressed alpha plane when the frame has
/// transparency) at a quality, or lossless (`WebPEncodeLosslessBGRA`, VP8L). libwebp takes
/// straight alpha; Cairo's premultiplied pixels are converted first. The simple API runs on one
/// thread with fixed settings: the bytes depend only on the pixels and the options.
package enum WebPEncoder {
    /// The quality used when none is given (`--quality`), as `cwebp`'s default 75 would blur
    /// small text.
    package static let defaultQuality = 90

    /// Encodes `surface`, lossy at `quality` (1–100) or `lossless`.
    package static func encode(_ surface: ImageSurface, quality: Int = defaultQuality, lossless: Bool = false) throws(StillEncodingError) -> Data {
        let width = surface.width, height = surface.height
        var straight = [UInt32](repeating: 0, count: width * height)
        surface.withPixels { bytes in
            straight.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = (bytes.baseAddress! + y * surface.stride).assumingMemoryBound(to: UInt32.self)
                    StraightAlpha.convert(row, into: out.baseAddress! + y * width, count: width)
                    // B, G, R, A in memory on any machine, as WebPEncodeBGRA reads them.
                    for x in 0..<width { out[y * width + x] = out[y * width + x].littleEndian }
                }
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = straight.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt8.self).baseAddress!
            return lossless
                ? WebPEncodeLosslessBGRA(pixels, Int32(width), Int32(height), Int32(width * 4), &output)
                : WebPEncodeBGRA(pixels, Int32(width), Int32(height), Int32(width * 4), Float(min(100, max(1, quality))), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else {
            throw StillEncodingError(format: "WebP", reason: "libwebp refused a \(width)×\(height) frame (a WebP is at most 16383 pixels a side)")
        }
        return Data(bytes: output, count: size)
    }
}
