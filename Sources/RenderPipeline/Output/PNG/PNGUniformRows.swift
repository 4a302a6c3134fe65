import CDeflate
import CZlib
import Foundation

/// Runs of PNG scanlines that are all one pixel, compressed once and then taken from a cache.
///
/// A transparent frame's blank rows (`BlankRows`) and the margin of one background colour at
/// the top of an opaque frame (a card's first 89 of 630 rows) are such runs. Deflating them
/// costs as much per byte as any run of repeats (about 0.4 ms for a card's top margin); from
/// the cache they cost a copy. Each power of two rows is compressed once, by zlib, as an
/// independent raw deflate segment ending on a sync flush, so segments can sit anywhere in a
/// stream but its end. The bytes depend only on the rows.
enum PNGUniformRows {
    /// Runs shorter than this are compressed with their neighbours (splitting costs more).
    static let minimumRun = 16

    /// The rows of one run: `width` pixels of `pixel`, whose first `channels` bytes (PNG order:
    /// R, G, B, A) are used, after a filter-type byte of 0 (None).
    struct Row: Hashable {
        var width: Int
        var channels: Int
        var pixel: UInt32
    }

    /// The number of rows from the start of `rows` whose pixels are all the first row's first
    /// pixel (Cairo words, compared whole), or 0 when they are fewer than `minimumRun`.
    static func leadingRun(in rows: Range<Int>, of pixels: UnsafePointer<UInt8>, stride: Int, width: Int) -> Int {
        guard !rows.isEmpty else { return 0 }
        let first = pixels + rows.lowerBound * stride
        let words = UnsafeRawPointer(first).assumingMemoryBound(to: UInt32.self)
        let color = words[0]
        for x in 1..<max(1, width) where words[x] != color { return 0 }
        var y = rows.lowerBound + 1
        while y < rows.upperBound, memcmp(pixels + y * stride, first, width * 4) == 0 { y += 1 }
        let count = y - rows.lowerBound
        return count >= minimumRun ? count : 0
    }

    private struct Key: Hashable {
        var row: Row
        var power: Int
    }

    private struct Segment {
        var bytes: [UInt8]
        var adler: UInt32
        var count: Int
    }

    /// Kept while a run's rows are few (a batch of cards shares its background); a frame of a
    /// new colour every time would otherwise grow it without end.
    nonisolated(unsafe) private static var cache: [Key: Segment] = [:]
    private static let cacheLimit = 256
    private static let lock = NSLock()

    /// Appends raw deflate data for `rows` scanlines of `row` to `output`, ending on a sync
    /// flush, and returns `adler` combined with the Adler-32 of those scanlines.
    static func compressed(rows: Int, of row: Row, adler: UInt, into output: inout [UInt8]) throws(RenderError) -> UInt {
        var adler = adler
        var left = rows
        var power = 0
        while left > 0 {
            if left & 1 == 1 {
                let segment = try self.segment(Key(row: row, power: power))
                output += segment.bytes
                adler = adler32_combine(adler, UInt(segment.adler), off_t(segment.count))
            }
            left >>= 1
            power += 1
        }
        return adler
    }

    private static func segment(_ key: Key) throws(RenderError) -> Segment {
        lock.lock()
        defer { lock.unlock() }
        if let segment = cache[key] { return segment }
        let rowBytes = 1 + key.row.width * key.row.channels
        let count = rowBytes << key.power
        let scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { scanlines.deallocate() }
        scanlines[0] = 0
        for x in 0..<key.row.width {
            for channel in 0..<key.row.channels {
                scanlines[1 + x * key.row.channels + channel] = UInt8(truncatingIfNeeded: key.row.pixel >> (8 * channel))
            }
        }
        for offset in Swift.stride(from: rowBytes, to: count, by: rowBytes) {
            (scanlines + offset).update(from: scanlines, count: rowBytes)
        }
        var stream = z_stream()
        guard te_deflate_init_raw(&stream, 1) == Z_OK else { throw RenderError.compressorUnavailable(library: "zlib") }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(count))) + 64
        var bytes = [UInt8](repeating: 0, count: capacity)
        let written: Int = bytes.withUnsafeMutableBufferPointer { output in
            stream.next_in = scanlines
            stream.avail_in = uInt(count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(capacity)
            guard deflate(&stream, Z_SYNC_FLUSH) == Z_OK, stream.avail_in == 0 else { return -1 }
            return capacity - Int(stream.avail_out)
        }
        guard written > 0 else { throw RenderError.uniformRowsFailed }
        bytes.removeSubrange(written...)
        let segment = Segment(bytes: bytes, adler: libdeflate_adler32(1, scanlines, count), count: count)
        if cache.count >= cacheLimit { cache.removeAll() }
        cache[key] = segment
        return segment
    }
}
