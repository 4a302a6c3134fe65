import CDeflate
import CZlib
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
        let width = surface.width, height = surface.height
        return try surface.withPixels { pixels -> Data in
            let source = UnsafePointer(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self))
            let stride = surface.stride
            let opaque = surface.isKnownOpaque || isOpaque(source, width: width, height: height, stride: stride)
            let rowBytes = 1 + width * (opaque ? 3 : 4)
            let inputSize = rowBytes * height
            let buffers = ScratchBuffers.shared.take(input: inputSize, compressionLevel: compressionLevel)
            defer { ScratchBuffers.shared.give(buffers) }
            let raw = buffers.input
            let splitRow = inputSize < splitThreshold ? 0 : Int((Double(height) * zlibShare).rounded())

            // Part 0: rows ..<splitRow through zlib; part 1: the rest through libdeflate.
            var parts = [Part](repeating: .failure(RenderError("not compressed")), count: 2)
            parts.withUnsafeMutableBufferPointer { results in
                let job = PartJob(source: source, stride: stride, width: width, height: height, opaque: opaque,
                                  raw: raw, rowBytes: rowBytes, splitRow: splitRow, buffers: buffers, results: results)
                DispatchQueue.concurrentPerform(iterations: splitRow > 0 ? 2 : 1) { job.run(splitRow > 0 ? $0 : 1) }
            }

            var png = Data(capacity: 64 + (splitRow > 0 ? try parts[0].get().bytes.count : 0) + (try parts[1].get().bytes.count))
            png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            var header = Data()
            header.appendBigEndian(UInt32(width))
            header.appendBigEndian(UInt32(height))
            header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
            header.withUnsafeBytes { appendChunk("IHDR", [$0], to: &png) }
            let tail = try parts[1].get()
            if splitRow > 0 {
                // A zlib header (deflate, 32 KiB window, fastest), both parts, and the Adler-32 of all.
                let head = try parts[0].get()
                let adler = UInt32(adler32_combine(UInt(head.adler), UInt(tail.adler), off_t((height - splitRow) * rowBytes)))
                let zlibHeader: [UInt8] = [0x78, 0x01]
                let trailer: [UInt8] = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
                zlibHeader.withUnsafeBytes { zlibHeader in
                    trailer.withUnsafeBytes { trailer in
                        appendChunk("IDAT", [zlibHeader, UnsafeRawBufferPointer(head.bytes), UnsafeRawBufferPointer(tail.bytes), trailer], to: &png)
                    }
                }
            } else {
                appendChunk("IDAT", [UnsafeRawBufferPointer(tail.bytes)], to: &png)
            }
            appendChunk("IEND", [], to: &png)
            return png
        }
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    public static func write(_ surface: ImageSurface, to url: URL) throws {
        try AtomicFile.write(encode(surface), to: url)
    }

    typealias Part = Result<(bytes: UnsafeMutableRawBufferPointer, adler: UInt32), RenderError>

    /// One frame's two parts, each packed and compressed by whichever thread runs it. Each part
    /// touches only its own rows, output buffer and result slot.
    private struct PartJob: @unchecked Sendable {
        let source: UnsafePointer<UInt8>
        let stride, width, height: Int
        let opaque: Bool
        let raw: UnsafeMutablePointer<UInt8>
        let rowBytes, splitRow: Int
        let buffers: ScratchBuffers.Set
        let results: UnsafeMutableBufferPointer<Part>

        func run(_ part: Int) {
            let rows = part == 0 ? 0..<splitRow : splitRow..<height
            let input = raw + rows.lowerBound * rowBytes
            let count = rows.count * rowBytes
            packRows(rows, from: source, stride: stride, width: width, opaque: opaque, into: input, rowBytes: rowBytes)
            results[part] = Result {
                let bytes = part == 0
                    ? try buffers.syncFlushed(input, count: count)
                    : try buffers.finalBlocks(input, count: count, wholeStream: splitRow == 0)
                return (bytes, splitRow > 0 ? libdeflate_adler32(1, input, count) : 0)
            }.mapError { $0 as? RenderError ?? RenderError("\($0)") }
        }
    }

    /// PNG scanlines for `rows`: a filter-type byte (None) and RGB or straight-alpha RGBA pixels.
    fileprivate static func packRows(_ rows: Range<Int>, from source: UnsafePointer<UInt8>, stride: Int, width: Int,
                                 opaque: Bool, into raw: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        for (i, y) in rows.enumerated() {
            let row = source + y * stride
            var out = raw + i * rowBytes
            out.pointee = 0
            out += 1
            if opaque {
                // Cairo's ARGB32 is a native-endian 0xAARRGGBB word per pixel.
                let words = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let argb = words[x]
                    out[0] = UInt8(truncatingIfNeeded: argb >> 16)
                    out[1] = UInt8(truncatingIfNeeded: argb >> 8)
                    out[2] = UInt8(truncatingIfNeeded: argb)
                    out += 3
                }
            } else {
                for x in 0..<width {
                    let p = row + x * 4
                    let a = Int(p[3])
                    if a == 0 {
                        out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
                    } else {
                        // Undo premultiplication, rounding to nearest.
                        out[0] = UInt8((Int(p[2]) * 255 + a / 2) / a)
                        out[1] = UInt8((Int(p[1]) * 255 + a / 2) / a)
                        out[2] = UInt8((Int(p[0]) * 255 + a / 2) / a)
                        out[3] = UInt8(a)
                    }
                    out += 4
                }
            }
        }
    }

    private static func isOpaque(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let words = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= words[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Length, type, data (given in pieces), and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ pieces: [UnsafeRawBufferPointer], to png: inout Data) {
        png.appendBigEndian(UInt32(pieces.reduce(0) { $0 + $1.count }))
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        for piece in pieces where piece.count > 0 {
            png.append(contentsOf: piece)
            crc = libdeflate_crc32(crc, piece.baseAddress, piece.count)
        }
        png.appendBigEndian(crc)
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
