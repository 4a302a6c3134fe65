import Foundation

/// Encodes image surfaces as PNG and writes them atomically (temporary name, then rename).
///
/// Cairo's own writer spends ~60 ms of a 1080×1920 frame in libpng's adaptive filter search at
/// zlib level 6. Text frames compress best unfiltered, so this writer emits filter-0 scanlines
/// (RGB when the frame is opaque, straight-alpha RGBA otherwise) and compresses them without
/// searching, at a fast level of the compressor `PNGCompression` names: libdeflate's by default
/// (level 1, or 2 for large frames; about 5× faster than Cairo's writer, files about 10 %
/// smaller, the same bytes on every machine), or igzip's level 1, about 5× faster again. Rows
/// all of one colour come from a cache (`PNGUniformRows`). The output depends only on the
/// pixels, the compression and whether the frame is one of many (below).
///
/// A large frame's one zlib stream is made in parts on several cores, as pigz does: each band
/// of rows but the last ends on a sync flush (a byte-aligned, non-final block boundary) and the
/// last ends the stream. That is for a still, which has cores to spare; an opaque frame encoded
/// as one of many (`oneOfMany`) is one stream, which costs less CPU. So a large opaque frame
/// encodes to other (equally valid) bytes as a still than as one of an animation's frames; the
/// pixels are the same.
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

    /// libdeflate's level for a frame of `scanlineBytes`: 2 for large frames, 1 for the others.
    ///
    /// Timed with libdeflate 1.14 over the gallery's frames and a 1080×1920 frame of the corpus:
    /// level 2 took 25–45 % less time than level 1 on text over a plain background (the corpus
    /// frame: 10.5 ms against 15.0 ms) and 15–40 % more on gradients and photos, and wrote files
    /// 3–10 % smaller. Cards and posts (up to 1080×1080) mix both and stay at level 1. A large
    /// frame is most often a page of text (a story, a document) and takes level 2; on a
    /// gradient that costs about what the parts' zlib level 1 did (4.3 ms against 4.1 ms for a
    /// 1080×1080 gradient card).
    static func libdeflateLevel(scanlineBytes: Int) -> Int32 {
        scanlineBytes >= splitThreshold ? 2 : 1
    }

    /// Encodes `surface` into PNG bytes; `oneOfMany` when other frames keep every core busy.
    package static func encode(_ surface: ImageSurface, compression: PNGCompression = .portable,
                               oneOfMany: Bool = false) throws -> Data {
        try PNGEncoding(surface, compression: compression, oneOfMany: oneOfMany).finish()
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    package static func write(_ surface: ImageSurface, to url: URL, compression: PNGCompression = .portable,
                              oneOfMany: Bool = false) throws {
        try AtomicFile.write(encode(surface, compression: compression, oneOfMany: oneOfMany), to: url)
    }
}
