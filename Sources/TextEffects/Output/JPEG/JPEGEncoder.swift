import CJPEG
import Foundation

/// Encodes frames as baseline JPEG files with libjpeg-turbo's TurboJPEG API (`tjCompress2`), the
/// only file that compresses with it (`TurboJPEGCompressor` below owns the handle, as
/// `TurboJPEGDecompressor` does in JPEGDecoder.swift).
///
/// - **4:4:4** (no chroma subsampling): text and thin coloured edges are what cards are made
///   of, and 4:2:0 smears a red title's edges over two pixels; the file is about a third larger.
/// - **The accurate integer DCT** (`TJFLAG_ACCURATEDCT`), the same bytes on every machine.
/// - **No alpha in JPEG**: a frame's transparent and half-transparent pixels are composited
///   over white (a scene with an opaque `background` has none).
/// - No EXIF, no JFIF density beyond libjpeg's default, no timestamp: the bytes depend only on
///   the pixels and the quality.
package enum JPEGEncoder {
    /// The quality used when none is given (`--quality`).
    package static let defaultQuality = 90

    /// Encodes `surface` at `quality` (1–100).
    package static func encode(_ surface: ImageSurface, quality: Int = defaultQuality) throws(StillEncodingError) -> Data {
        guard let compressor = TurboJPEGCompressor() else { throw StillEncodingError(format: "JPEG", reason: "TurboJPEG could not start") }
        #if _endian(little)
        let format = TJPF_BGRX  // Cairo's ARGB32 in memory: B, G, R, A (A ignored)
        #else
        let format = TJPF_XRGB
        #endif
        let width = surface.width, height = surface.height
        let quality = min(100, max(1, quality))
        let flags = TJFLAG_ACCURATEDCT
        // Over white: premultiplied c + (255 − a) · 1 per component; opaque pixels are unchanged.
        var over = [UInt32](repeating: 0, count: width * height)
        surface.withPixels { bytes in
            for y in 0..<height {
                let row = (bytes.baseAddress! + y * surface.stride).assumingMemoryBound(to: UInt32.self)
                over.withUnsafeMutableBufferPointer { out in
                    for x in 0..<width {
                        let p = row[x], a = p >> 24
                        if a == 255 {
                            out[y * width + x] = p
                        } else {
                            let add = 255 - a
                            out[y * width + x] = 0xFF00_0000 | ((p >> 16 & 0xFF) + add) << 16 | ((p >> 8 & 0xFF) + add) << 8 | ((p & 0xFF) + add)
                        }
                    }
                }
            }
        }
        let result = over.withUnsafeBytes { raw in
            Result { () throws(StillEncodingError) -> [UInt8] in
                try compressor.compress(raw.bindMemory(to: UInt8.self).baseAddress!, width: width, pitch: width * 4, height: height,
                                        format: format, subsampling: TJSAMP_444, quality: quality, flags: flags)
            }
        }
        return Data(try result.get())
    }
}

/// A TurboJPEG compressor handle, destroyed with the object.
final class TurboJPEGCompressor {
    private let handle: tjhandle

    init?() {
        guard let handle = tjInitCompress() else { return nil }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// Compresses `height` rows of `width` pixels (`pitch` bytes apart, in TurboJPEG's `format`)
    /// into JPEG bytes, or throws TurboJPEG's message.
    func compress(_ pixels: UnsafePointer<UInt8>, width: Int, pitch: Int, height: Int, format: TJPF,
                  subsampling: TJSAMP, quality: Int, flags: Int32) throws(StillEncodingError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, pixels, Int32(width), Int32(pitch), Int32(height), Int32(format.rawValue),
                                 &buffer, &size, Int32(subsampling.rawValue), Int32(quality), flags)
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw StillEncodingError(format: "JPEG", reason: message)
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
