import CWebP
import Foundation

/// Encodes frames as still WebP files with libwebp, alpha kept.
///
/// Lossy through the advanced API (`WebPEncode` with a `WebPConfig`: VP8, with a losslessly
/// compressed alpha plane when the frame has transparency) at a quality and
/// ``lossyMethod``, or lossless (`WebPEncodeLosslessBGRA`, VP8L). libwebp takes straight
/// alpha; Cairo's premultiplied pixels are converted first. Both run on one thread with fixed
/// settings: the bytes depend only on the pixels and the options.
package enum WebPEncoder {
    /// The quality used when none is given (`--quality`), as `cwebp`'s default 75 would blur
    /// small text.
    package static let defaultQuality = 90

    /// libwebp's speed/size trade-off for lossy frames (0 fastest … 6 smallest). The simple API's
    /// fixed 4 made a lossy card cost 5 × its PNG; 2 drops the slow rate-distortion passes and
    /// keeps the quality setting's look (on a photo card at 90: 0.35 dB PSNR less, 6 % larger,
    /// 2–5 × faster to encode; see docs/performance.md).
    package static let lossyMethod: Int32 = 2

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
        let refused = StillEncodingError(format: "WebP", reason: "libwebp refused a \(width)×\(height) frame (a WebP is at most 16383 pixels a side)")
        if !lossless {
            guard let data = encodeLossy(straight, width: width, height: height, quality: Float(min(100, max(1, quality)))) else { throw refused }
            return data
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = straight.withUnsafeBytes { raw in
            WebPEncodeLosslessBGRA(raw.bindMemory(to: UInt8.self).baseAddress!, Int32(width), Int32(height), Int32(width * 4), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw refused }
        return Data(bytes: output, count: size)
    }

    /// Straight-alpha B, G, R, A pixels as a lossy WebP at `quality` and ``lossyMethod``; nil
    /// when libwebp refuses them (too large).
    private static func encodeLossy(_ pixels: [UInt32], width: Int, height: Int, quality: Float) -> Data? {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { return nil }
        config.quality = quality
        config.method = lossyMethod
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { return nil }
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = pixels.withUnsafeBytes { raw in
            WebPPictureImportBGRA(&picture, raw.bindMemory(to: UInt8.self).baseAddress!, Int32(width * 4))
        }
        guard imported != 0 else { return nil }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        return withUnsafeMutablePointer(to: &writer) { writer -> Data? in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            guard WebPEncode(&config, &picture) != 0, let memory = writer.pointee.mem else { return nil }
            return Data(bytes: memory, count: writer.pointee.size)
        }
    }
}
