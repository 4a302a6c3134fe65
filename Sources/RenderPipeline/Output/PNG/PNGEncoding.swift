import CDeflate
import CScanlines
import CZlib
import Foundation

/// One frame's PNG in the making: its scanlines in parts (bands of rows), compressed on
/// several threads into one zlib stream (see `PNGWriter`).
///
/// A part can start as soon as its rows are final, on another thread, while the frame's lower
/// rows are still being drawn; `finish()` compresses what is left and puts the file together.
/// The bytes depend only on the pixels and on whether the frame is encoded as one of many,
/// never on when or where each part ran.
package final class PNGEncoding: @unchecked Sendable {
    let width: Int
    let height: Int
    let opaque: Bool
    let compression: PNGCompression
    /// The rows of each part: parts that end on a sync flush, then the last one; one part when small.
    let parts: [Range<Int>]

    private let surface: ImageSurface
    private let source: UnsafePointer<UInt8>
    /// Whether the scanlines are packed over the surface's own pixels (`consumingPixels`).
    private let inPlace: Bool
    private let stride: Int
    private let rowBytes: Int
    private let buffers: ScratchBuffers.Set
    typealias Part = Result<(bytes: UnsafeMutableRawBufferPointer, adler: UInt32), RenderError>
    /// One slot per part, each written by the thread that runs it.
    private let results: UnsafeMutablePointer<Part>
    /// The compressed bytes of parts made of segments around blank rows (empty for the others).
    private let segmented: UnsafeMutablePointer<UnsafeMutableRawBufferPointer?>
    /// Each part's runs of blank rows, told to the surface when the frame is done.
    private let blankRuns: UnsafeMutablePointer<[Range<Int>]>
    /// Parts started early run here one after another: one core draws, the other compresses.
    private let early = DispatchQueue(label: "texteffects.png-parts")
    private let earlyParts = DispatchGroup()
    private var started: Int = 0

    /// Starts encoding `surface`, which must not be drawn into again in a part once it has
    /// started, nor anywhere once `finish()` is called. Opacity is looked up now unless `knownOpaque`.
    /// `oneOfMany` is for a frame encoded while other frames keep every core busy (see `partRows`).
    ///
    /// `consumingPixels` is for a caller done with the surface's pixels: an opaque frame made
    /// into one stream then has its scanlines packed over its pixels, row by row, instead of
    /// into a buffer of their own (6 MB less memory to fill for a 1080×1920 frame, read back
    /// from the cache lines just read). A row's scanline starts no later than its pixels, and
    /// each 16 pixels are read before their 48 bytes are written, so nothing is overwritten
    /// before it is read. The surface holds no picture afterwards, only something to draw over.
    package init(_ surface: ImageSurface, knownOpaque: Bool = false, compression: PNGCompression = .portable,
                 oneOfMany: Bool = false, consumingPixels: Bool = false) {
        self.surface = surface
        self.compression = compression
        width = surface.width
        height = surface.height
        stride = surface.stride
        source = surface.pixelsForReading()
        opaque = knownOpaque || surface.isKnownOpaque || Self.isOpaque(source, width: width, height: height, stride: stride)
        rowBytes = 1 + width * (opaque ? 3 : 4)
        parts = Self.partRows(width: width, height: height, opaque: opaque, oneOfMany: oneOfMany)
        // With room for the guard bytes after the last scanline (not in a frame one pixel wide).
        inPlace = consumingPixels && opaque && parts.count == 1 && rowBytes * height + Self.guardBytes <= stride * height
        buffers = ScratchBuffers.shared.take(input: inPlace ? 0 : rowBytes * height + parts.count * Self.guardBytes)
        results = .allocate(capacity: parts.count)
        results.initialize(repeating: .failure(RenderError.notCompressed), count: parts.count)
        segmented = .allocate(capacity: parts.count)
        segmented.initialize(repeating: nil, count: parts.count)
        blankRuns = .allocate(capacity: parts.count)
        blankRuns.initialize(repeating: [], count: parts.count)
    }

    deinit {
        earlyParts.wait()
        ScratchBuffers.shared.give(buffers)
        results.deinitialize(count: parts.count)
        results.deallocate()
        for part in 0..<parts.count { segmented[part]?.deallocate() }
        segmented.deinitialize(count: parts.count)
        segmented.deallocate()
        blankRuns.deinitialize(count: parts.count)
        blankRuns.deallocate()
    }

    /// The rows of each part for a frame of this size: one part when it is small enough for one call.
    ///
    /// An opaque frame encoded as one of many (an animation's frames, a batch's rows) is one
    /// part at any size: the other cores are drawing and encoding other frames, so parts would
    /// only add the CPU of zlib's flushes (see `PNGWriter.splitThreshold`). A frame with
    /// transparency keeps its parts, whose blank rows are skipped rather than compressed.
    package static func partRows(width: Int, height: Int, opaque: Bool, oneOfMany: Bool = false) -> [Range<Int>] {
        guard (1 + width * (opaque ? 3 : 4)) * height >= PNGWriter.splitThreshold, !(opaque && oneOfMany) else { return [0..<height] }
        return splitRows(height: height)
    }

    /// The rows of each part of a frame `height` rows high when it is split (`PNGWriter.partEnds`).
    static func splitRows(height: Int) -> [Range<Int>] {
        let ends = PNGWriter.partEnds.map { min(height, Int((Double(height) * $0).rounded())) }
        return zip([0] + ends.dropLast(), ends).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// Compresses the next part on another thread; its rows, and those of every part before
    /// it, must be final. The last part waits for `finish()`.
    package func startNextPart() {
        guard started < parts.count - 1 else { return }
        _ = surface.pixelsForReading()  // what was drawn since is in memory
        let part = started
        started += 1
        early.async(group: earlyParts) { self.run(part) }
    }

    /// Compresses what is left (once the whole frame is drawn) and returns the PNG file's bytes.
    package func finish() throws -> Data {
        _ = surface.pixelsForReading()
        let remaining = Array(started..<parts.count)
        started = parts.count
        DispatchQueue.concurrentPerform(iterations: remaining.count) { run(remaining[$0]) }
        earlyParts.wait()
        if inPlace {
            // Scanlines now where its pixels were: Cairo is told they changed.
            surface.withPixels { _ in }
        } else {
            // Nothing draws into the surface between here and its next `clear()`.
            surface.knownBlankRows = (0..<parts.count).flatMap { blankRuns[$0] }
        }
        return try assemble()
    }

    /// Zeros kept after every part's scanlines and after every stretch compressed on its own.
    /// igzip reads a little past the end of what it is given (its hashing loads whole words), and
    /// what lies there chooses among equally valid matches: stale bytes of another frame in the
    /// pooled buffer, or a neighbouring part being packed on another thread, made the same frame
    /// encode to other (still correct) bytes now and then. Zeros are also what the skipped blank
    /// rows' scanlines hold.
    static let guardBytes = 64

    /// Rows packed at a time for a part zlib compresses (`ScratchBuffers.PartBuffers.syncFlushed`):
    /// 16 rows of a 1080-pixel frame are 52 KB, which stay in L2 until zlib has read them.
    static let pieceRows = 16

    /// Zeroes `guardBytes` after `end`, up to `limit` (where the next part's scanlines begin).
    private static func guardAfter(_ end: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>) {
        let count = min(guardBytes, limit - end)
        if count > 0 { end.update(repeating: 0, count: count) }
    }

    /// Packs and compresses `part`: one ending on a sync flush, or the last one.
    private func run(_ part: Int) {
        let rows = parts[part]
        // Each part's scanlines are followed by its own guard bytes (see `guardBytes`).
        let scanlines = inPlace ? UnsafeMutablePointer(mutating: source) : buffers.input
        let input = scanlines + rows.lowerBound * rowBytes + part * Self.guardBytes
        let count = rows.count * rowBytes
        let isLast = part == parts.count - 1
        var runs: [PNGUniformRows.Run] = []
        if !opaque, parts.count > 1 {
            let blank = BlankRows.runs(in: rows, of: source, stride: stride, rowBytes: width * 4)
            blankRuns[part] = blank
            runs = blank.map { PNGUniformRows.Run(rows: $0, row: PNGUniformRows.Row(width: width, channels: 4, pixel: 0)) }
        } else if opaque, compression == .fast || part == 0 {
            // libdeflate, which `portable` ends a stream with, cannot end a segment on a sync
            // flush; zlib could, slower, so with it only a top margin is worth taking.
            runs = PNGUniformRows.opaqueRuns(in: rows, of: source, stride: stride, width: width, leadingOnly: compression == .portable)
        }
        if !runs.isEmpty {
            results[part] = Result { try compressAround(runs, part: part, input: input, isLast: isLast) }
                .mapError { $0 as? RenderError ?? RenderError.other("\($0)") }
            return
        }
        if compression == .portable, !isLast {
            // zlib takes its input in pieces: each is packed just before, while in cache.
            results[part] = Result { () throws(RenderError) in
                try buffers.parts[part].syncFlushed(rows: rows.count, rowBytes: rowBytes, pieceRows: Self.pieceRows, scratch: input) {
                    packRows($0.lowerBound + rows.lowerBound..<$0.upperBound + rows.lowerBound, into: $1)
                }
            }
            return
        }
        packRows(rows, into: input)
        Self.guardAfter(input + count, limit: input + count + Self.guardBytes)
        results[part] = Result { () throws(RenderError) -> (bytes: UnsafeMutableRawBufferPointer, adler: UInt32) in
            let bytes = try buffers.parts[part].compressed(input, count: count, final: isLast, with: compression, level: level)
            return (bytes: bytes, adler: libdeflate_adler32(1, input, count))
        }
    }

    /// `part` as segments: each of `runs` (rows all of one pixel) from `PNGUniformRows`' cache,
    /// each stretch of rows between them packed and compressed on its own; every segment ends on
    /// a sync flush but the stream's last, which ends with the final block (or an empty final
    /// block after a run). Same pixels, fewer bytes deflated.
    private func compressAround(_ runs: [PNGUniformRows.Run], part: Int, input: UnsafeMutablePointer<UInt8>,
                                isLast: Bool) throws(RenderError) -> (bytes: UnsafeMutableRawBufferPointer, adler: UInt32) {
        let rows = parts[part]
        var output: [UInt8] = []
        var adler: UInt = 1
        var y = rows.lowerBound
        func addInk(_ ink: Range<Int>, final: Bool) throws(RenderError) {
            guard !ink.isEmpty else { return }
            let start = input + (ink.lowerBound - rows.lowerBound) * rowBytes
            packRows(ink, into: start)
            let count = ink.count * rowBytes
            Self.guardAfter(start + count, limit: input + rows.count * rowBytes + Self.guardBytes)
            let bytes = try buffers.parts[part].compressed(start, count: count, final: final, with: compression, level: level)
            output += UnsafeRawBufferPointer(bytes)
            adler = adler32_combine(adler, UInt(libdeflate_adler32(1, start, count)), off_t(count))
        }
        for run in runs {
            try addInk(y..<run.rows.lowerBound, final: false)
            adler = try PNGUniformRows.compressed(rows: run.rows.count, of: run.row, with: compression, adler: adler, into: &output)
            y = run.rows.upperBound
        }
        try addInk(y..<rows.upperBound, final: isLast)
        // An empty final block (fixed codes, end of block at once) closes a stream that ends on a run.
        if isLast, y == rows.upperBound { output += [0x03, 0x00] }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: output.count, alignment: 16)
        output.withUnsafeBytes { bytes.copyMemory(from: $0) }
        segmented[part] = bytes
        return (bytes: bytes, adler: UInt32(adler))
    }

    /// libdeflate's level for this frame's final blocks (`PNGWriter.libdeflateLevel`).
    private var level: Int32 { PNGWriter.libdeflateLevel(scanlineBytes: rowBytes * height) }

    private func assemble() throws -> Data {
        let compressed = try (0..<parts.count).map { try results[$0].get() }
        var png = Data(capacity: 64 + compressed.reduce(0) { $0 + $1.bytes.count })
        png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
        header.withUnsafeBytes { Self.appendChunk("IHDR", [$0], to: &png) }
        // A zlib header (deflate, 32 KiB window, the fastest compression level), the parts, and
        // the Adler-32 of all.
        var adler = UInt(compressed[0].adler)
        for (part, rows) in zip(compressed, parts).dropFirst() {
            adler = adler32_combine(adler, UInt(part.adler), off_t(rows.count * rowBytes))
        }
        let zlibHeader: [UInt8] = [0x78, 0x01]
        let trailer: [UInt8] = [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        zlibHeader.withUnsafeBytes { zlibHeader in
            trailer.withUnsafeBytes { trailer in
                Self.appendChunk("IDAT", [zlibHeader] + compressed.map { UnsafeRawBufferPointer($0.bytes) } + [trailer], to: &png)
            }
        }
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    /// PNG scanlines for `rows`: a filter-type byte (None) and RGB or straight-alpha RGBA pixels.
    /// The filter byte goes in after the pixels: packed in place, the first row's is the first
    /// pixel's first byte.
    private func packRows(_ rows: Range<Int>, into raw: UnsafeMutablePointer<UInt8>) {
        for (i, y) in rows.enumerated() {
            let row = source + y * stride
            let filter = raw + i * rowBytes
            defer { filter.pointee = 0 }
            let out = filter + 1
            if opaque {
                // Cairo's ARGB32 is a native-endian 0xAARRGGBB word per pixel.
                texteffects_pack_rgb(UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self), out, width)
            } else {
                let words = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self)
                let output = UnsafeMutableRawPointer(out)
                for x in 0..<width {
                    let argb = words[x]
                    let a = argb >> 24
                    if argb == 0 {
                        output.storeBytes(of: 0, toByteOffset: x * 4, as: UInt32.self)
                    } else if a == 255 {
                        // Opaque: straight and premultiplied agree; RGBA in memory order.
                        let rgba = (argb >> 16 & 0xFF) | (argb & 0xFF00) | (argb & 0xFF) << 16 | 0xFF00_0000
                        output.storeBytes(of: rgba.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    } else {
                        // Undo premultiplication, rounding to nearest, by table.
                        let row = StraightAlpha.table + Int(a) << 8
                        let rgba = UInt32(row[Int(argb >> 16 & 0xFF)]) | UInt32(row[Int(argb >> 8 & 0xFF)]) << 8
                            | UInt32(row[Int(argb & 0xFF)]) << 16 | a << 24
                        output.storeBytes(of: a == 0 ? 0 : rgba.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    }
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
        let bytes: [UInt8] = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        append(contentsOf: bytes)
    }
}
