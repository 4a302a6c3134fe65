import CDeflate
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

@Suite struct PNGWriterTests {
    func roundTrip(_ surface: ImageSurface, _ compression: PNGCompression = .portable, oneOfMany: Bool = false) throws -> ImageSurface {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("te-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try PNGWriter.write(surface, to: url, compression: compression, oneOfMany: oneOfMany)
        return try ImageSurface(png: url.path)
    }

    static let both = PNGCompression.allCases

    /// What tells two encodings of one frame apart, for a failure message: where their bytes part,
    /// whether each one's IDAT inflates, and to the same scanlines; both are kept in the
    /// temporary folder.
    static func difference(_ first: Data, _ second: Data) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-png-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? first.write(to: folder.appendingPathComponent("first.png"))
        try? second.write(to: folder.appendingPathComponent("second.png"))
        func scanlines(_ png: Data) -> [UInt8]? {
            // The writer puts every pixel in one IDAT after the 33 bytes of signature and IHDR.
            let bytes = [UInt8](png)
            guard bytes.count > 45 else { return nil }
            func bigEndian(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            // IHDR's width, height and colour type (2 RGB, 6 RGBA) give the scanlines' size.
            let (width, height, length) = (bigEndian(at: 16), bigEndian(at: 20), bigEndian(at: 33))
            guard 41 + length <= bytes.count else { return nil }
            var inflated = [UInt8](repeating: 0, count: (1 + width * (bytes[25] == 2 ? 3 : 4)) * height)
            guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
            defer { libdeflate_free_decompressor(decompressor) }
            let result = bytes[41..<41 + length].withUnsafeBytes { zlib in
                inflated.withUnsafeMutableBytes { libdeflate_zlib_decompress(decompressor, zlib.baseAddress, zlib.count, $0.baseAddress, $0.count, nil) }
            }
            return result == LIBDEFLATE_SUCCESS ? inflated : nil
        }
        let offset = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(first.count, second.count)
        let (a, b) = (scanlines(first), scanlines(second))
        return "\(first.count) against \(second.count) bytes, first different at byte \(offset); the first inflates: \(a != nil), "
            + "the second: \(b != nil), to the same scanlines: \(a != nil && a == b); both in \(folder.path)"
    }

    /// For two encodings of `surface` that differ: which changed, the frame (something wrote into
    /// it since `pixels` were copied) or the encoder's output, and how the bytes part.
    static func recordWhatChanged(_ surface: ImageSurface, pixels: Data, first: Data, second: Data,
                                  compression: PNGCompression) throws {
        #expect(surface.withPixels { Data($0) }.elementsEqual(pixels), "the frame's pixels changed")
        let third = try PNGWriter.encode(surface, compression: compression)
        Issue.record("a third encoding equals the first: \(third == first), the second: \(third == second); \(difference(first, second))")
    }

    /// A whole raw DEFLATE stream of `count` bytes, inflated by libdeflate (nil when it is not one).
    static func inflate(_ stream: [UInt8], count: Int) throws -> [UInt8]? {
        var inflated = [UInt8](repeating: 0xAA, count: count)
        let decompressor = try #require(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        let result = stream.withUnsafeBytes { compressed in
            inflated.withUnsafeMutableBytes {
                libdeflate_deflate_decompress(decompressor, compressed.baseAddress, compressed.count, $0.baseAddress, $0.count, nil)
            }
        }
        return result == LIBDEFLATE_SUCCESS ? inflated : nil
    }

    /// Widths with and without pixels left over from packing four at a time.
    @Test(arguments: [37, 40, 3], both) func opaqueFramesRoundTripExactlyAsRGB(width: Int, compression: PNGCompression) throws {
        let surface = try ImageSurface(width: width, height: 23)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: Double(width), height: 23)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        context.fill(Path(ellipseIn: CGRect(x: 5, y: 3, width: 20, height: 15)), with: Color(red: 0.2, green: 0.9, blue: 0.4))
        let data = try PNGWriter.encode(surface, compression: compression)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(data[25] == 2, "color type RGB for an opaque frame")
        let back = try roundTrip(surface, compression)
        #expect(ImageDiff.stats(surface, back)?.differing == 0)
    }

    @Test(arguments: both) func translucentFramesKeepTheirAlpha(compression: PNGCompression) throws {
        let surface = try ImageSurface(width: 16, height: 16)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 16)), with: Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5))
        let data = try PNGWriter.encode(surface, compression: compression)
        #expect(data[25] == 6, "color type RGBA when any pixel is not opaque")
        let back = try roundTrip(surface, compression)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: 1))
        #expect(stats.outliers == 0, "premultiplied values survive within one level")
        #expect(back.pixel(x: 12, y: 8) == .clear)
    }

    @Test(arguments: both) func encodingIsDeterministic(compression: PNGCompression) throws {
        let surface = try ImageSurface(width: 64, height: 64)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 50, height: 40)), with: .red)
        #expect(try PNGWriter.encode(surface, compression: compression).elementsEqual(PNGWriter.encode(surface, compression: compression)))
    }

    /// A frame big enough to be compressed in parts on several cores.
    func largeFrame(opaque: Bool) throws -> ImageSurface {
        let surface = try ImageSurface(width: 1080, height: 1400)
        var context = GraphicsContext(surface: surface)
        if opaque { context.fill(Path(CGRect(x: 0, y: 0, width: 1080, height: 1400)), with: .white) }
        // Different content above and below the split rows, and a shape across them.
        context.fill(Path(CGRect(x: 0, y: 0, width: 1080, height: 400)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        context.fill(Path(ellipseIn: CGRect(x: 100, y: 300, width: 800, height: 1000)), with: Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6))
        context.draw(Text("Split streams decode as one").font(.system(size: 64)), in: CGRect(x: 40, y: 1120, width: 1000, height: 240))
        return surface
    }

    /// Frames up to 1080×1080 opaque (a product card, a square post) are one libdeflate stream:
    /// quickest when frames are rendered many at a time.
    @Test func framesUpToASquarePostAreOneStream() {
        #expect(PNGEncoding.partRows(width: 1200, height: 630, opaque: true) == [0..<630])
        #expect(PNGEncoding.partRows(width: 1080, height: 1080, opaque: true) == [0..<1080])
        #expect(PNGEncoding.partRows(width: 1080, height: 1080, opaque: false).count == 3)
        #expect(PNGEncoding.partRows(width: 1080, height: 1920, opaque: true).count == 3)
    }

    /// Encoded as one of many (an animation's frames), a large opaque frame is one stream, which
    /// costs less CPU than parts when every core is busy; one with transparency keeps its parts,
    /// whose blank rows are skipped.
    @Test func largeOpaqueFramesOfManyAreOneStream() {
        #expect(PNGEncoding.partRows(width: 1080, height: 1920, opaque: true, oneOfMany: true) == [0..<1920])
        #expect(PNGEncoding.partRows(width: 1080, height: 1920, opaque: false, oneOfMany: true).count == 3)
        #expect(PNGWriter.libdeflateLevel(scanlineBytes: (1 + 1080 * 3) * 1920) == 2)
        #expect(PNGWriter.libdeflateLevel(scanlineBytes: (1 + 1200 * 3) * 630) == 1)
    }

    /// The one-stream encoding of a large frame decodes to its pixels, the same bytes every
    /// time, and other bytes than the still's parts (zlib's flushes are gone).
    @Test(arguments: [true, false], both) func largeFramesOfManyRoundTrip(opaque: Bool, compression: PNGCompression) throws {
        let surface = try largeFrame(opaque: opaque)
        let data = try PNGWriter.encode(surface, compression: compression, oneOfMany: true)
        let again = try PNGWriter.encode(surface, compression: compression, oneOfMany: true)
        #expect(again.elementsEqual(data), "the same bytes every time: \(again == data ? "" : Self.difference(data, again))")
        if opaque, compression == .portable {
            #expect(data != (try PNGWriter.encode(surface, compression: compression)), "one stream, not the still's parts")
        }
        let back = try roundTrip(surface, compression, oneOfMany: true)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: opaque ? 0 : 1))
        #expect(stats.outliers == 0)
    }

    @Test(arguments: [true, false], both) func largeFramesSplitAcrossCoresRoundTrip(opaque: Bool, compression: PNGCompression) throws {
        let surface = try largeFrame(opaque: opaque)
        #expect(PNGEncoding.partRows(width: 1080, height: 1400, opaque: opaque).count == 3)
        let data = try PNGWriter.encode(surface, compression: compression)
        // IDAT follows the 8-byte signature and the 25-byte IHDR chunk; its zlib header is the
        // split writer's (fastest).
        #expect(String(decoding: data[37..<41], as: UTF8.self) == "IDAT")
        #expect(Array(data[41..<43]) == [0x78, 0x01])
        let again = try PNGWriter.encode(surface, compression: compression)
        #expect(again.elementsEqual(data), "the same bytes every time: \(again == data ? "" : Self.difference(data, again))")
        let back = try roundTrip(surface, compression)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: opaque ? 0 : 1))
        #expect(stats.outliers == 0)
    }

    /// Scanlines packed over the frame's own pixels are the scanlines packed into a buffer: the
    /// same bytes, for a large frame, a narrow one, one with white rows above, between and
    /// below its ink (cached, not packed), and one a pixel wide (no room there: not in place).
    @Test(arguments: both) func packingOverThePixelsGivesTheSameBytes(compression: PNGCompression) throws {
        func spaced(width: Int, height: Int) throws -> ImageSurface {
            let surface = try ImageSurface(width: width, height: height)
            var context = GraphicsContext(surface: surface)
            context.fill(Path(CGRect(x: 0, y: 0, width: Double(width), height: Double(height))), with: .white)
            context.fill(Path(CGRect(x: 3, y: 20, width: Double(width) - 6, height: 10)), with: Color(red: 0.1, green: 0.3, blue: 0.8))
            context.fill(Path(ellipseIn: CGRect(x: 2, y: 50, width: Double(width) - 4, height: 30)), with: .red)
            return surface
        }
        for surface in [try largeFrame(opaque: true), try spaced(width: 37, height: 100), try spaced(width: 300, height: 200),
                        try spaced(width: 1, height: 100)] {
            let expected = try PNGWriter.encode(surface, compression: compression, oneOfMany: true)
            let packedOver = try PNGEncoding(surface, knownOpaque: true, compression: compression, oneOfMany: true, consumingPixels: true).finish()
            #expect(packedOver.elementsEqual(expected), "\(surface.width)×\(surface.height): \(packedOver == expected ? "" : Self.difference(expected, packedOver))")
        }
    }

    /// The same frame encodes to the same bytes whatever the pooled scanline buffers held
    /// before: igzip reads a little past what it is given, so a stretch of ink followed by blank
    /// rows (which are never packed) or by another part once saw another frame's stale bytes.
    @Test(arguments: [true, false], both) func bytesDoNotDependOnWhatTheBuffersHeldBefore(opaque: Bool, compression: PNGCompression) throws {
        let surface = try largeFrame(opaque: opaque)
        let pixels = surface.withPixels { Data($0) }
        let first = try PNGWriter.encode(surface, compression: compression)
        // Fill every pooled buffer with noise: frames of the same size, every byte random.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<4 {
            let noise = try ImageSurface(width: surface.width, height: surface.height)
            noise.withPixels { bytes in for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &random) } }
            _ = try PNGWriter.encode(noise, compression: compression)
        }
        let again = try PNGWriter.encode(surface, compression: compression)
        #expect(again.elementsEqual(first))
        if again != first {
            try Self.recordWhatChanged(surface, pixels: pixels, first: first, second: again, compression: compression)
        }
    }

    /// Transparent frames whose rows are mostly blank (caption overlays): blank runs come from
    /// `BlankRows`' cache between separately compressed stretches of ink, in every part, and
    /// libpng (through Cairo) reads back the same pixels.
    @Test(arguments: ["band", "scattered", "empty", "inkOnTheLastRow"], both)
    func blankRowsRoundTrip(layout: String, compression: PNGCompression) throws {
        let surface = try ImageSurface(width: 1920, height: 1080)
        var context = GraphicsContext(surface: surface)
        switch layout {
        case "band":
            context.draw(Text("A caption band over blank rows").font(.system(size: 72)), in: CGRect(x: 200, y: 760, width: 1600, height: 200))
        case "scattered":
            // Ink in each part, short gaps (under the minimum run) and long ones, across part edges.
            for y in [0, 30, 40, 350, 366, 380, 720, 727, 1000] {
                context.fill(Path(CGRect(x: Double(y % 300), y: Double(y), width: 400, height: 3)), with: Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.7))
            }
        case "inkOnTheLastRow":
            context.fill(Path(CGRect(x: 10, y: 1079, width: 100, height: 1)), with: .white)
        default:
            break
        }
        let data = try PNGWriter.encode(surface, compression: compression)
        #expect(try PNGWriter.encode(surface, compression: compression).elementsEqual(data), "the same bytes every time")
        let back = try roundTrip(surface, compression)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: 1))
        #expect(stats.outliers == 0, "\(layout)")
        // 8 MB of scanlines: blank rows cost a few bytes each.
        #expect(data.count < 120_000, "\(layout): \(data.count) bytes")
    }

    @Test func blankRunsAreFoundExactly() throws {
        let surface = try ImageSurface(width: 64, height: 100)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 20, width: 1, height: 1)), with: Color(red: 0, green: 0, blue: 0, alpha: 0.01))
        context.fill(Path(CGRect(x: 63, y: 50, width: 1, height: 10)), with: .red)
        let runs = BlankRows.runs(in: 0..<100, of: surface.pixelsForReading(), stride: surface.stride, rowBytes: 64 * 4)
        #expect(runs == [0..<20, 21..<50, 60..<100])
        #expect(BlankRows.runs(in: 10..<30, of: surface.pixelsForReading(), stride: surface.stride, rowBytes: 64 * 4) == [])
    }

    /// Cached runs of one pixel inflate to their scanlines, with their Adler-32, for any number
    /// of rows (made of power-of-two segments), transparent or opaque.
    @Test(arguments: [(21, 3, UInt32(0x33_22_11)), (16, 4, 0), (1, 3, 0xFF_FF_FF), (100, 4, 0x80_40_20_10)], both)
    func uniformRowsInflateToTheirScanlines(_ shape: (rows: Int, channels: Int, pixel: UInt32), compression: PNGCompression) throws {
        let (rows, channels, pixel) = shape
        let row = PNGUniformRows.Row(width: 37, channels: channels, pixel: pixel)
        var output: [UInt8] = []
        let adler = try PNGUniformRows.compressed(rows: rows, of: row, with: compression, adler: 1, into: &output)
        output += [0x03, 0x00]
        let one = [UInt8(0)] + (0..<37).flatMap { _ in (0..<channels).map { UInt8(truncatingIfNeeded: pixel >> (8 * $0)) } }
        let expected = Array([[UInt8]](repeating: one, count: rows).joined())
        #expect(try Self.inflate(output, count: expected.count) == expected)
        #expect(adler == UInt(libdeflate_adler32(1, expected, expected.count)))
    }

    /// Opaque frames whose first rows are one colour take them from `PNGUniformRows`' cache: in a
    /// frame of one stream, in the first part of a split one, all of a frame, or not (a margin
    /// under the minimum run); the same pixels come back, the same bytes every time.
    @Test(arguments: [(1200, 630, 89), (1080, 1400, 200), (1080, 1400, 1400), (300, 200, 200), (300, 200, 15), (300, 200, 0)], both)
    func opaqueFramesWithATopMarginRoundTrip(_ shape: (width: Int, height: Int, margin: Int), compression: PNGCompression) throws {
        let (width, height, margin) = shape
        let surface = try ImageSurface(width: width, height: height)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: Double(width), height: Double(height))), with: Color(red: 0.98, green: 0.96, blue: 0.93))
        if margin < height {
            context.fill(Path(CGRect(x: 20, y: Double(margin), width: Double(width) / 2, height: 10)), with: .red)
            context.fill(Path(ellipseIn: CGRect(x: 20, y: Double(margin), width: Double(width) / 2, height: Double(height - margin))),
                         with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        }
        let expected = margin >= PNGUniformRows.minimumRun ? [0..<margin] : []
        #expect(PNGUniformRows.opaqueRuns(in: 0..<height, of: surface.pixelsForReading(), stride: surface.stride, width: width).map(\.rows) == expected)
        let data = try PNGWriter.encode(surface, compression: compression)
        #expect(data[25] == 2, "RGB")
        let pixels = surface.withPixels { Data($0) }
        let again = try PNGWriter.encode(surface, compression: compression)
        #expect(again.elementsEqual(data), "the same bytes every time")
        if again != data {
            try Self.recordWhatChanged(surface, pixels: pixels, first: data, second: again, compression: compression)
        }
        let back = try roundTrip(surface, compression)
        #expect(ImageDiff.stats(surface, back)?.differing == 0)
    }

    /// Each growing frame makes every part enlarge its output buffer at the same moment on
    /// several threads; they must not share any mutable state to do it.
    @Test(arguments: both) func partsGrowTheirBuffersConcurrently(compression: PNGCompression) throws {
        for step in 0..<12 {
            let surface = try ImageSurface(width: 2000, height: 800 + step * 37)
            var context = GraphicsContext(surface: surface)
            context.fill(Path(CGRect(x: 0, y: 0, width: 2000, height: surface.height)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: Double(step * 10))))
            #expect(PNGEncoding.partRows(width: 2000, height: surface.height, opaque: true).count == 3, "frame \(step) is split in parts")
            let back = try roundTrip(surface, compression)
            #expect(ImageDiff.stats(surface, back)?.differing == 0, "frame \(step)")
        }
    }

    /// A card-like frame: margins of the background above and below, a band of another colour
    /// between two stretches of ink, and bands too short to be runs.
    func bandedFrame() throws -> ImageSurface {
        let surface = try ImageSurface(width: 600, height: 400)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 600, height: 400)), with: Color(red: 0.98, green: 0.96, blue: 0.93))
        context.fill(Path(ellipseIn: CGRect(x: 40, y: 60, width: 200, height: 100)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        context.fill(Path(CGRect(x: 0, y: 180, width: 600, height: 40)), with: Color(red: 0.1, green: 0.2, blue: 0.3))
        context.fill(Path(CGRect(x: 0, y: 230, width: 600, height: 10)), with: .white)
        context.fill(Path(CGRect(x: 40, y: 240, width: 520, height: 60)), with: .linearGradient(LinearGradient(colors: [.green, .blue], angle: 80)))
        return surface
    }

    /// Every run of rows of one colour is found, with its colour: the top margin, the background
    /// between ink and a band of another colour, that band, the bottom margin; not the bands
    /// under the minimum run.
    @Test func opaqueRunsAreFoundAnywhereWithTheirColour() throws {
        let surface = try bandedFrame()
        let runs = PNGUniformRows.opaqueRuns(in: 0..<400, of: surface.pixelsForReading(), stride: surface.stride, width: 600)
        // PNG's R, G, B order from Cairo's 0xAARRGGBB word.
        func rgb(y: Int) -> UInt32 {
            let argb = UnsafeRawPointer(surface.pixelsForReading() + y * surface.stride).load(as: UInt32.self)
            return argb >> 16 & 0xFF | argb & 0xFF00 | (argb & 0xFF) << 16
        }
        #expect(runs.map(\.rows) == [0..<60, 160..<180, 180..<220, 300..<400])
        #expect(runs.map(\.row.pixel) == [rgb(y: 0), rgb(y: 0), rgb(y: 200), rgb(y: 0)])
        #expect(rgb(y: 0) == rgb(y: 399) && rgb(y: 0) != rgb(y: 200))
        #expect(runs.allSatisfy { $0.row.channels == 3 && $0.row.width == 600 })
        let leading = PNGUniformRows.opaqueRuns(in: 0..<400, of: surface.pixelsForReading(), stride: surface.stride, width: 600, leadingOnly: true)
        #expect(leading.map(\.rows) == [0..<60], "only the top margin")
        #expect(PNGUniformRows.opaqueRuns(in: 60..<400, of: surface.pixelsForReading(), stride: surface.stride, width: 600, leadingOnly: true) == [],
                "no run at the start of these rows")
    }

    /// `fast` takes every run from the cache, `portable` only the top margin; both give the
    /// same pixels back, and `fast`'s file stays within a third of `portable`'s size.
    @Test func bothCompressionsGiveTheSamePixels() throws {
        let surface = try bandedFrame()
        let portable = try PNGWriter.encode(surface, compression: .portable)
        let fast = try PNGWriter.encode(surface, compression: .fast)
        #expect(portable != fast)
        #expect(Double(fast.count) < Double(portable.count) * 1.35, "\(fast.count) against \(portable.count) bytes")
        for compression in PNGCompression.allCases {
            let back = try roundTrip(surface, compression)
            #expect(ImageDiff.stats(surface, back)?.differing == 0, "\(compression)")
        }
    }

    /// igzip keeps data that does not compress within `IgzipStream.bound`, as a sync-flushed
    /// segment or a final one, and both inflate back to the input.
    @Test(arguments: [false, true]) func igzipBoundsIncompressibleData(final: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        let input = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: IgzipStream.bound(input.count), alignment: 64)
        defer { output.deallocate() }
        let size = try input.withUnsafeBufferPointer { try IgzipStream().compress($0.baseAddress!, count: input.count, final: final, into: output) }
        // A sync-flushed segment is closed here by an empty final block.
        let stream = Array(output[..<size]) + (final ? [] : [0x03, 0x00])
        #expect(try Self.inflate(stream, count: input.count) == input)
    }

    /// The bytes of one frame, pinned: `portable` writes them on every machine (libdeflate
    /// 1.14 and zlib 1.2.13, Debian 12's); `fast` on every x86-64 machine with SSE4.2 (ISA-L
    /// 2.30's igzip), which is why it is checked only there. A change of compressor, level or
    /// scanline layout shows up here first.
    @Test(arguments: both) func aFramesBytesArePinned(compression: PNGCompression) throws {
        let data = try PNGWriter.encode(try bandedFrame(), compression: compression)
        let digest = data.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        let pinned: [PNGCompression: (count: Int, digest: UInt64)] = [
            .portable: (count: 16876, digest: 0x61e4_1404_fe31_42f1),
            .fast: (count: 19424, digest: 0xaffb_0754_11a2_f6cc),
        ]
        #if !arch(x86_64)
        if compression == .fast { return }
        #endif
        #expect(data.count == pinned[compression]!.count && digest == pinned[compression]!.digest,
                "\(compression): \(data.count) bytes, digest 0x\(String(digest, radix: 16))")
    }
}
