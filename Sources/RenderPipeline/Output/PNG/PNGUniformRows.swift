import CDeflate
import CZlib
import Foundation

/// Runs of PNG scanlines that are all one pixel, compressed once and then taken from a cache.
///
/// A transparent frame's blank rows (`BlankRows`) and an opaque frame's rows of one colour (a
/// card's first 89 and last 82 of 630 rows) are such runs. Deflating them costs as much per
/// byte as any run of repeats; from the cache they cost a copy. Each power of two rows is
/// compressed once (by zlib, or by igzip for `fast` compression) as an independent raw DEFLATE
/// segment ending on a sync flush, so segments can sit anywhere in a stream but its end. The
/// bytes depend only on the rows and the compression.
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

    /// A run of at least `minimumRun` rows that are all one pixel.
    struct Run: Equatable {
        var rows: Range<Int>
        var row: Row
    }

    /// The runs of rows in `rows` of an opaque frame whose pixels are each all one colour (Cairo
    /// words, compared whole): the margins above and below a card's content, bands between its
    /// blocks; with `leadingOnly`, only a run that starts `rows` (a top margin).
    static func opaqueRuns(in rows: Range<Int>, of pixels: UnsafePointer<UInt8>, stride: Int, width: Int, leadingOnly: Bool = false) -> [Run] {
        guard width > 0 else { return [] }
        var runs: [Run] = []
        var start: Int?
        var color: UInt32 = 0
        func close(at end: Int) {
            if let first = start, end - first >= minimumRun {
                let rgb = color >> 16 & 0xFF | color & 0xFF00 | (color & 0xFF) << 16
                runs.append(Run(rows: first..<end, row: Row(width: width, channels: 3, pixel: rgb)))
            }
            start = nil
        }
        for y in rows {
            let row = pixels + y * stride
            if let first = start, memcmp(row, pixels + first * stride, width * 4) == 0 { continue }
            close(at: y)
            if leadingOnly, y > rows.lowerBound { break }
            let words = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self)
            let first = words[0]
            // Ink is usually somewhere across the row, not always near its start: a few samples
            // turn most rows away before the scan.
            guard words[width - 1] == first, words[width / 2] == first, words[width / 4] == first, words[3 * width / 4] == first else { continue }
            var x = 1
            while x < width, words[x] == first { x += 1 }
            if x == width {
                start = y
                color = first
            }
        }
        close(at: rows.upperBound)
        return runs
    }

    private struct Key: Hashable {
        var row: Row
        var power: Int
        var compression: PNGCompression
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
    /// Used under `lock`.
    nonisolated(unsafe) private static let compressor = IgzipStream()

    /// Appends raw deflate data for `rows` scanlines of `row` to `output`, ending on a sync
    /// flush, and returns `adler` combined with the Adler-32 of those scanlines.
    static func compressed(rows: Int, of row: Row, with compression: PNGCompression, adler: UInt,
                           into output: inout [UInt8]) throws(RenderError) -> UInt {
        var adler = adler
        var left = rows
        var power = 0
        while left > 0 {
            if left & 1 == 1 {
                let segment = try self.segment(Key(row: row, power: power, compression: compression))
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
        // Zeros after the scanlines: igzip reads a little past its input (see
        // `PNGEncoding.guardBytes`), and the heap there would make a segment computed again,
        // once the cache was emptied, come out as other bytes.
        let scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: count + PNGEncoding.guardBytes)
        defer { scanlines.deallocate() }
        (scanlines + count).initialize(repeating: 0, count: PNGEncoding.guardBytes)
        scanlines[0] = 0
        for x in 0..<key.row.width {
            for channel in 0..<key.row.channels {
                scanlines[1 + x * key.row.channels + channel] = UInt8(truncatingIfNeeded: key.row.pixel >> (8 * channel))
            }
        }
        for offset in Swift.stride(from: rowBytes, to: count, by: rowBytes) {
            (scanlines + offset).update(from: scanlines, count: rowBytes)
        }
        let bytes = switch key.compression {
        case .portable: try zlibSegment(scanlines, count: count)
        case .fast: try igzipSegment(scanlines, count: count)
        }
        let segment = Segment(bytes: bytes, adler: libdeflate_adler32(1, scanlines, count), count: count)
        if cache.count >= cacheLimit { cache.removeAll() }
        cache[key] = segment
        return segment
    }

    /// `count` bytes of scanlines as raw deflate data ending on a sync flush: zlib level 1.
    private static func zlibSegment(_ scanlines: UnsafeMutablePointer<UInt8>, count: Int) throws(RenderError) -> [UInt8] {
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
        return bytes
    }

    /// `count` bytes of scanlines as raw deflate data ending on a sync flush: igzip level 1.
    private static func igzipSegment(_ scanlines: UnsafeMutablePointer<UInt8>, count: Int) throws(RenderError) -> [UInt8] {
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: IgzipStream.bound(count), alignment: 64)
        defer { output.deallocate() }
        let written = try compressor.compress(scanlines, count: count, final: false, into: output)
        return Array(output[..<written])
    }
}
