import CWebP
import Foundation

/// Decodes WebP files with libwebp, the only file that touches it.
///
/// Lossy and lossless still images, with or without alpha (kept, premultiplied by libwebp as
/// Cairo's ARGB32 wants). Animated WebPs are refused, not drawn as their first frame: a still
/// of an animation is rarely what was meant, and the refusal says to save a still instead.
enum WebPDecoder {
    /// Whether `data` opens as a WebP does: a RIFF container (`RIFF`, its size, `WEBP`).
    static func isWebP(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(12))
        return head.count == 12 && head[0..<4].elementsEqual("RIFF".utf8) && head[8..<12].elementsEqual("WEBP".utf8)
    }

    /// The width and height the headers declare (an animation's canvas), or nil when libwebp
    /// cannot read them (the decoding then reports why).
    static func declaredSize(_ data: Data) -> CGSize? {
        var read = WebPBitstreamFeatures()
        guard features(of: data, into: &read) == VP8_STATUS_OK else { return nil }
        return CGSize(width: Int(read.width), height: Int(read.height))
    }

    private static func features(of data: Data, into features: inout WebPBitstreamFeatures) -> VP8StatusCode {
        data.withUnsafeBytes { bytes in WebPGetFeatures(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &features) }
    }

    /// Decodes `data` into an ARGB32 surface (premultiplied, native-endian). The size is checked
    /// against `SceneLimits` from the headers, before decoding.
    static func decode(_ data: Data, path: String) throws(ImageError) -> ImageSurface {
        guard let decoding = WebPDecoding() else { throw ImageError.invalidWebP(path: path, detail: "libwebp's decoder ABI differs from its header's") }
        let status = features(of: data, into: &decoding.config.input)
        guard status == VP8_STATUS_OK else { throw ImageError.invalidWebP(path: path, detail: describe(status)) }
        let (width, height) = (Int(decoding.config.input.width), Int(decoding.config.input.height))
        if let problem = ImageSource.sizeProblem(width: Double(width), height: Double(height), path: path) {
            throw problem
        }
        guard decoding.config.input.has_animation == 0 else { throw ImageError.animatedWebP(path: path) }
        let surface: ImageSurface
        do { surface = try ImageSurface(width: width, height: height) } catch {
            throw ImageError.noSurface(path: path, error as? RenderError ?? .other("\(error)"))
        }
        let decoded = decoding.decode(data, into: surface)
        guard decoded == VP8_STATUS_OK else { throw ImageError.invalidWebP(path: path, detail: describe(decoded)) }
        return surface
    }

    /// libwebp's status, in words.
    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: "truncated"
        case VP8_STATUS_BITSTREAM_ERROR: "damaged (bitstream error)"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp cannot decode"
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        default: "libwebp status \(status.rawValue)"
        }
    }
}

/// One decoding's `WebPDecoderConfig`; its output buffer is freed with the object (a no-op for
/// the surface's own pixels, which libwebp only writes into).
final class WebPDecoding {
    var config = WebPDecoderConfig()

    /// Fails only when the libwebp loaded has another decoder ABI than its header's.
    init?() {
        guard WebPInitDecoderConfig(&config) != 0 else { return nil }
    }

    deinit { WebPFreeDecBuffer(&config.output) }

    /// Decodes `data` straight into `surface`'s pixels (of the features' size).
    func decode(_ data: Data, into surface: ImageSurface) -> VP8StatusCode {
        #if _endian(little)
        config.output.colorspace = MODE_bgrA  // premultiplied B, G, R, A bytes: Cairo's ARGB32 in memory
        #else
        config.output.colorspace = MODE_Argb
        #endif
        config.output.is_external_memory = 1
        config.options.use_threads = 0
        return surface.withPixels { pixels in
            config.output.u.RGBA.rgba = pixels.bindMemory(to: UInt8.self).baseAddress
            config.output.u.RGBA.stride = Int32(surface.stride)
            config.output.u.RGBA.size = pixels.count
            defer { config.output.u.RGBA.rgba = nil }
            return data.withUnsafeBytes { bytes in WebPDecode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &config) }
        }
    }
}
