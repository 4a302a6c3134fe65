import Foundation

/// Fully transparent rows of a frame, found without compressing them.
///
/// A caption overlay or a transparent still is mostly rows of zero pixels, and a PNG scanline of
/// such a row (filter type None, then zero bytes) is all zeros. Deflating millions of zeros
/// every frame was most of an overlay frame's cost; instead a run of blank rows takes the
/// compressed form of that many zero bytes from `PNGUniformRows`' cache.
enum BlankRows {
    static var minimumRun: Int { PNGUniformRows.minimumRun }

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
}
