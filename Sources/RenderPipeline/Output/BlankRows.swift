import CZlib
import Foundation

/// Fully transparent rows of a frame, found and compressed without compressing them.
///
/// A caption overlay or a transparent still is mostly rows of zero pixels, and a PNG scanline of
/// such a row (filter type None, then zero bytes) is all zeros. Deflating millions of zeros
/// every frame was most of an overlay frame's cost; instead a run of blank rows takes the
/// compressed form of that many zero bytes from a cache, made once by zlib for each power of
/// two rows: independent raw deflate segments that end on a sync flush, so they can sit
/// between other parts of one stream.
enum BlankRows {
    /// Runs shorter than this are compressed with their neighbours (splitting costs more).
    static let minimumRun = 16

    /// The runs of at least `minimumRun` rows in `rows` whose pixels are all zero.
    static func runs(in rows: Range<Int>, of pixels: UnsafePointer<UInt8>, stride: Int, rowBytes: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for y in rows {
            if isBlank(pixels + y * stride, count: rowBytes) {
                if start == nil { start = y }
            } else if let first = start {
                if y - first >= minimumRun { runs.append(first..<y) }
                start = nil
            }
        }
        if let first = start, rows.upperBound - first >= minimumRun { runs.append(first..<rows.upperBound) }
        return runs
    }

    /// Whether `count` bytes from `bytes` are all zero, compared with zeros by the C library's
    /// vectorised `memcmp` (a row with ink usually differs early).
    private static func isBlank(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let length = min(zeros.count, count - offset)
            if memcmp(bytes + offset, zeros.baseAddress!, length) != 0 { return false }
            offset += length
        }
        return true
    }

    /// A row's worth of zeros at the widest canvas (16384 pixels).
    nonisolated(unsafe) private static let zeros: UnsafeRawBufferPointer = {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 64)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        return UnsafeRawBufferPointer(buffer)
    }()

    /// The Adler-32 of `count` zero bytes: the sum stays 1 and adds 1 per byte.
    static func adler32(ofZeros count: Int) -> UInt32 {
        UInt32(count % 65521) << 16 | 1
    }

    private struct Key: Hashable {
        var rowBytes: Int
        var power: Int
    }

    nonisolated(unsafe) private static var cache: [Key: [UInt8]] = [:]
    private static let lock = NSLock()

    /// Raw deflate data for `rows` blank scanlines of `rowBytes` bytes, ending on a sync flush.
    static func compressed(rows: Int, rowBytes: Int, into output: inout [UInt8]) throws(RenderError) {
        var left = rows
        var power = 0
        while left > 0 {
            if left & 1 == 1 { output += try segment(Key(rowBytes: rowBytes, power: power)) }
            left >>= 1
            power += 1
        }
    }

    private static func segment(_ key: Key) throws(RenderError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let bytes = cache[key] { return bytes }
        let count = key.rowBytes << key.power
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        zeros.initialize(repeating: 0, count: count)
        defer { zeros.deallocate() }
        var stream = z_stream()
        guard te_deflate_init_raw(&stream, 1) == Z_OK else { throw RenderError("zlib could not allocate a compressor") }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(count))) + 64
        var bytes = [UInt8](repeating: 0, count: capacity)
        let written: Int = bytes.withUnsafeMutableBufferPointer { output in
            stream.next_in = zeros
            stream.avail_in = uInt(count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(capacity)
            guard deflate(&stream, Z_SYNC_FLUSH) == Z_OK, stream.avail_in == 0 else { return -1 }
            return capacity - Int(stream.avail_out)
        }
        guard written > 0 else { throw RenderError("zlib could not compress blank rows") }
        bytes.removeSubrange(written...)
        cache[key] = bytes
        return bytes
    }
}
