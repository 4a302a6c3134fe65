import Foundation

/// How a frame becomes the bytes of one image file: PNG with its compression, JPEG or WebP at
/// a quality (`--quality`), WebP lossless (`--lossless`).
package struct StillEncoding: Sendable, Hashable {
    /// PNG's compressor (`--png-compression`).
    package var pngCompression = PNGCompression.portable
    /// JPEG's and lossy WebP's quality, 1–100.
    package var quality = JPEGEncoder.defaultQuality
    /// WebP without loss (VP8L) instead of lossy.
    package var lossless = false

    package init(pngCompression: PNGCompression = .portable, quality: Int = JPEGEncoder.defaultQuality, lossless: Bool = false) {
        self.pngCompression = pngCompression
        self.quality = quality
        self.lossless = lossless
    }

    /// The formats a frame is written as by itself (one file, not an animation).
    package static let formats: [AnimationFormat] = [.png, .jpg, .webp]

    /// `surface` as a file of `format` (`png`, `jpg` or `webp`; anything else is PNG);
    /// `oneOfMany` when other frames keep every core busy (`PNGWriter.encode`).
    package func encode(_ surface: ImageSurface, as format: AnimationFormat, oneOfMany: Bool) throws -> Data {
        switch format {
        case .jpg: try JPEGEncoder.encode(surface, quality: quality)
        case .webp: try WebPEncoder.encode(surface, quality: quality, lossless: lossless)
        default: try PNGWriter.encode(surface, compression: pngCompression, oneOfMany: oneOfMany)
        }
    }

    /// The format a file name's extension names for one frame: `.png`, `.jpg`/`.jpeg`, `.webp`
    /// (any case), or nil.
    package static func format(ofFile name: String) -> AnimationFormat? {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpg
        case "webp": .webp
        default: nil
        }
    }
}
