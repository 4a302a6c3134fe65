import CDeflate
import Testing
@testable import RenderPipeline

/// A part zlib compresses in pieces (`ScratchBuffers.PartBuffers.syncFlushed`, each piece packed
/// just before) is the same bytes, and the same Adler-32, as the whole part in one call: the
/// frames' PNG files must not change with the piece size.
@Suite struct ScratchBuffersTests {
    /// Scanline-like rows: runs of one byte (background), short repeats (glyph edges) and noise,
    /// so that zlib finds matches that cross piece boundaries, as in a text frame.
    static func rows(_ count: Int, rowBytes: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0xFF, count: count * rowBytes)
        for row in 0..<count {
            bytes[row * rowBytes] = 0
            for _ in 0..<12 {
                let start = row * rowBytes + 1 + Int.random(in: 0..<(rowBytes - 80), using: &generator)
                let pattern = (0..<Int.random(in: 3...9, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                for i in 0..<Int.random(in: 10...70, using: &generator) { bytes[start + i] = pattern[i % pattern.count] }
            }
        }
        return bytes
    }

    @Test(arguments: [1, 7, 16, 300])
    func piecesGiveTheBytesOfOneCall(pieceRows: Int) throws {
        let rowBytes = 1 + 500 * 3, count = 300
        var input = Self.rows(count, rowBytes: rowBytes)
        // The compressed bytes live in the part's output buffer: keep each part until they are copied.
        let onePart = ScratchBuffers.PartBuffers(), piecesPart = ScratchBuffers.PartBuffers()
        let whole = try input.withUnsafeMutableBufferPointer {
            Array(try onePart.compressed($0.baseAddress!, count: $0.count, final: false, with: .portable))
        }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: pieceRows * rowBytes)
        defer { scratch.deallocate() }
        var packed: [Range<Int>] = []
        let pieces = try input.withUnsafeBufferPointer { source in
            try piecesPart.syncFlushed(rows: count, rowBytes: rowBytes, pieceRows: pieceRows, scratch: scratch) { rows, into in
                packed.append(rows)
                into.update(from: source.baseAddress! + rows.lowerBound * rowBytes, count: rows.count * rowBytes)
            }
        }
        #expect(Array(pieces.bytes) == whole, "\(pieceRows) rows a piece")
        #expect(pieces.adler == libdeflate_adler32(1, input, input.count))
        withExtendedLifetime((onePart, piecesPart)) {}
        #expect(packed.first?.lowerBound == 0 && packed.last?.upperBound == count && packed.count == (count + pieceRows - 1) / pieceRows)
    }
}
