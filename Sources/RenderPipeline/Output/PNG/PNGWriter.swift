import Foundation

/// Encodes image surfaces as PNG and writes them atomically (temporary name, then rename).
///
/// Cairo's own writer spends ~60 ms of a 1080×1920 frame in libpng's adaptive filter search at
/// zlib level 6. Text frames compress best unfiltered, so this writer emits filter-0 scanlines
/// (RGB when the frame is opaque, straight-alpha RGBA otherwise) and compresses them without
/// searching: about 5× faster, files about 10 % smaller. The output is deterministic.
///
/// A large frame's one zlib stream is made in parts on several cores, as pigz does: zlib
/// compresses each band of rows but the last and ends it on a sync flush (a byte-aligned,
/// non-final block boundary), and libdeflate compresses the last band as the stream's final
/// blocks. The parts depend only on the frame, so a frame encodes to the same bytes whether it
/// is a still or one of many.
package enum PNGWriter {
    /// libdeflate's level: 1 fastest … 12 smallest. Level 1 compresses a 1200×630 card in about
    /// 55 % of level 2's time, to files 10–15 % larger than level 2's and a little smaller than
    /// zlib level 1's (which the parts of a large frame use).
    public static let defaultCompressionLevel: Int32 = 1

    /// Below this many scanline bytes (1080×1080 opaque has 3.5 MB) a frame is one libdeflate
    /// stream. Splitting makes a still ~2 ms sooner on a second core but costs CPU: zlib's level 1
    /// takes about 20 % longer than libdeflate's on cards and UI frames, so frames rendered many
    /// at a time (a batch, an animation's frames), which keep every core busy anyway, are slower.
    static let splitThreshold = 4 << 20

    /// Where the parts end, as fractions of the frame's height: thirds. A still is drawn in these
    /// bands, and each band's compression starts on the second core as soon as it is drawn, so
    /// only the last third is left to compress once the frame is done. (The last part is libdeflate's,
    /// which is quicker than zlib.)
    static let partEnds = [0.34, 0.67, 1.0]

    /// The most parts a frame is split into.
    static var maximumParts: Int { partEnds.count }

    /// Encodes `surface` into PNG bytes.
    public static func encode(_ surface: ImageSurface, compressionLevel: Int32 = defaultCompressionLevel) throws -> Data {
        try PNGEncoding(surface, compressionLevel: compressionLevel).finish()
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    public static func write(_ surface: ImageSurface, to url: URL) throws {
        try AtomicFile.write(encode(surface), to: url)
    }
}
