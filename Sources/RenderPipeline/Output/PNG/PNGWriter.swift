import Foundation

/// Encodes image surfaces as PNG and writes them atomically (temporary name, then rename).
///
/// Cairo's own writer spends ~60 ms of a 1080×1920 frame in libpng's adaptive filter search at
/// zlib level 6. Text frames compress best unfiltered, so this writer emits filter-0 scanlines
/// (RGB when the frame is opaque, straight-alpha RGBA otherwise) and compresses them without
/// searching, at the fastest level of the compressor `PNGCompression` names: libdeflate's by
/// default (about 5× faster than Cairo's writer, files about 10 % smaller, the same bytes on
/// every machine), or igzip's, about 5× faster again. Rows all of one colour come from a cache
/// (`PNGUniformRows`). The output depends only on the pixels and the compression.
///
/// A large frame's one zlib stream is made in parts on several cores, as pigz does: each band
/// of rows but the last ends on a sync flush (a byte-aligned, non-final block boundary) and the
/// last ends the stream. The parts depend only on the frame, so a frame encodes to the same
/// bytes whether it is a still or one of many.
package enum PNGWriter {
    /// Below this many scanline bytes (1080×1080 opaque has 3.5 MB) a frame is one stream.
    /// Splitting makes a still ~2 ms sooner on a second core but costs CPU (zlib's level 1, which
    /// `portable` flushes parts with, takes about 20 % longer than libdeflate's on cards and UI
    /// frames), so frames rendered many at a time (a batch, an animation's frames), which keep
    /// every core busy anyway, would be slower.
    static let splitThreshold = 4 << 20

    /// Where the parts end, as fractions of the frame's height: thirds. A still is drawn in these
    /// bands, and each band's compression starts on the second core as soon as it is drawn, so
    /// only the last third is left to compress once the frame is done.
    static let partEnds = [0.34, 0.67, 1.0]

    /// The most parts a frame is split into.
    static var maximumParts: Int { partEnds.count }

    /// Encodes `surface` into PNG bytes.
    package static func encode(_ surface: ImageSurface, compression: PNGCompression = .portable) throws -> Data {
        try PNGEncoding(surface, compression: compression).finish()
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    package static func write(_ surface: ImageSurface, to url: URL, compression: PNGCompression = .portable) throws {
        try AtomicFile.write(encode(surface, compression: compression), to: url)
    }
}
