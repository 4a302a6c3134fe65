import Foundation

/// Encodes image surfaces as PNG and writes them atomically (temporary name, then rename).
///
/// Cairo's own writer spends ~60 ms of a 1080×1920 frame in libpng's adaptive filter search at
/// zlib level 6. Text frames compress best unfiltered, so this writer emits filter-0 scanlines
/// (RGB when the frame is opaque, straight-alpha RGBA otherwise) and compresses them without
/// searching: about 5× faster, files about 10 % smaller. The output is deterministic.
///
/// A large frame's one zlib stream is made on two cores, as pigz does: zlib compresses the top
/// rows and ends them on a sync flush (a byte-aligned, non-final block boundary), and libdeflate
/// compresses the rest as the stream's final blocks on the other core. Both parts depend only on
/// the frame, so a frame encodes to the same bytes whether it is a still or one of many.
public enum PNGWriter {
    /// libdeflate's level: 1 fastest … 12 smallest. 2 is the knee of the curve for text frames.
    public static let defaultCompressionLevel: Int32 = 2

    /// Below this many scanline bytes one libdeflate call is quicker than handing half to a thread.
    static let splitThreshold = 1 << 20

    /// The share of rows zlib takes: on text frames zlib's level 1 runs about 15 % slower than
    /// libdeflate's level 2, so it gets a little under half and both parts end together.
    static let zlibShare = 0.46

    /// Encodes `surface` into PNG bytes.
    public static func encode(_ surface: ImageSurface, compressionLevel: Int32 = defaultCompressionLevel) throws -> Data {
        try PNGEncoding(surface, compressionLevel: compressionLevel).finish()
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    public static func write(_ surface: ImageSurface, to url: URL) throws {
        try AtomicFile.write(encode(surface), to: url)
    }
}
