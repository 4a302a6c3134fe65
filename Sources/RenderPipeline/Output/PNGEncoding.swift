import CDeflate
import CZlib
import Foundation

/// One frame's PNG in the making: its scanlines in two parts, compressed on two threads into
/// one zlib stream (see `PNGWriter`).
///
/// The top part can start as soon as its rows are final, on another thread, while the frame's
/// lower rows are still being drawn; `finish()` compresses the rest and puts the file together.
/// The bytes depend only on the pixels, never on when or where each part ran.
final class PNGEncoding: @unchecked Sendable {
    let width: Int
    let height: Int
    let opaque: Bool
    /// Rows above this one go through zlib, the rest through libdeflate; 0 when not split.
    let splitRow: Int

    private let surface: ImageSurface
    private let source: UnsafePointer<UInt8>
    private let stride: Int
    private let rowBytes: Int
    private let buffers: ScratchBuffers.Set
    typealias Part = Result<(bytes: UnsafeMutableRawBufferPointer, adler: UInt32), RenderError>
    /// One slot per part, each written by the thread that runs it.
    private let results = UnsafeMutablePointer<Part>.allocate(capacity: 2)
    private let topPart = DispatchGroup()
    private var topStarted = false

    /// Starts encoding `surface`, which must not be drawn into again above `splitRow` rows, nor
    /// anywhere once `finish()` has been called. Opacity is looked up now unless `knownOpaque`.
    init(_ surface: ImageSurface, compressionLevel: Int32 = PNGWriter.defaultCompressionLevel, knownOpaque: Bool = false) {
        self.surface = surface
        width = surface.width
        height = surface.height
        stride = surface.stride
        source = surface.pixelsForReading()
        opaque = knownOpaque || surface.isKnownOpaque || Self.isOpaque(source, width: width, height: height, stride: stride)
        rowBytes = 1 + width * (opaque ? 3 : 4)
        let inputSize = rowBytes * height
        buffers = ScratchBuffers.shared.take(input: inputSize, compressionLevel: compressionLevel)
        splitRow = Self.splitRow(width: width, height: height, opaque: opaque)
        results.initialize(repeating: .failure(RenderError("not compressed")), count: 2)
    }

    deinit {
        topPart.wait()
        ScratchBuffers.shared.give(buffers)
        results.deinitialize(count: 2)
        results.deallocate()
    }

    /// The row where a frame of this size splits; 0 when it is small enough for one call.
    static func splitRow(width: Int, height: Int, opaque: Bool) -> Int {
        (1 + width * (opaque ? 3 : 4)) * height < PNGWriter.splitThreshold ? 0 : Int((Double(height) * PNGWriter.zlibShare).rounded())
    }

    /// Compresses the rows above `splitRow` on another thread; they must be final.
    func startTopPart() {
        guard splitRow > 0, !topStarted else { return }
        topStarted = true
        DispatchQueue.global(qos: .userInitiated).async(group: topPart) { self.run(0) }
    }

    /// Compresses what is left (once the whole frame is drawn) and returns the PNG file's bytes.
    func finish() throws -> Data {
        _ = surface.pixelsForReading()  // everything drawn since init is in memory
        if splitRow > 0 && !topStarted {
            topStarted = true
            DispatchQueue.concurrentPerform(iterations: 2) { run($0) }
        } else {
            run(1)
        }
        topPart.wait()
        return try assemble()
    }

    /// Packs and compresses part 0 (rows above the split, through zlib) or part 1 (the rest).
    private func run(_ part: Int) {
        let rows = part == 0 ? 0..<splitRow : splitRow..<height
        let input = buffers.input + rows.lowerBound * rowBytes
        let count = rows.count * rowBytes
        packRows(rows, into: input)
        results[part] = Result { () throws -> (bytes: UnsafeMutableRawBufferPointer, adler: UInt32) in
            let bytes = part == 0
                ? try buffers.syncFlushed(input, count: count)
                : try buffers.finalBlocks(input, count: count, wholeStream: splitRow == 0)
            return (bytes: bytes, adler: splitRow > 0 ? libdeflate_adler32(1, input, count) : 0)
        }.mapError { $0 as? RenderError ?? RenderError("\($0)") }
    }

    private func assemble() throws -> Data {
        let tail = try results[1].get()
        let head = splitRow > 0 ? try results[0].get() : nil
        var png = Data(capacity: 64 + (head?.bytes.count ?? 0) + tail.bytes.count)
        png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
        header.withUnsafeBytes { Self.appendChunk("IHDR", [$0], to: &png) }
        if let head {
            // A zlib header (deflate, 32 KiB window, fastest), both parts, and the Adler-32 of all.
            let adler = UInt32(adler32_combine(UInt(head.adler), UInt(tail.adler), off_t((height - splitRow) * rowBytes)))
            let zlibHeader: [UInt8] = [0x78, 0x01]
            let trailer: [UInt8] = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            zlibHeader.withUnsafeBytes { zlibHeader in
                trailer.withUnsafeBytes { trailer in
                    Self.appendChunk("IDAT", [zlibHeader, UnsafeRawBufferPointer(head.bytes), UnsafeRawBufferPointer(tail.bytes), trailer], to: &png)
                }
            }
        } else {
            Self.appendChunk("IDAT", [UnsafeRawBufferPointer(tail.bytes)], to: &png)
        }
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    /// PNG scanlines for `rows`: a filter-type byte (None) and RGB or straight-alpha RGBA pixels.
    private func packRows(_ rows: Range<Int>, into raw: UnsafeMutablePointer<UInt8>) {
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
