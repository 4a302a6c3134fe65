import Foundation
import Testing
@testable import RenderPipeline

@Suite struct PNGWriterTests {
    func roundTrip(_ surface: ImageSurface) throws -> ImageSurface {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("te-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try PNGWriter.write(surface, to: url)
        return try ImageSurface(png: url.path)
    }

    @Test func opaqueFramesRoundTripExactlyAsRGB() throws {
        let surface = try ImageSurface(width: 37, height: 23)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 37, height: 23)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        context.fill(Path(ellipseIn: CGRect(x: 5, y: 3, width: 20, height: 15)), with: Color(red: 0.2, green: 0.9, blue: 0.4))
        let data = try PNGWriter.encode(surface)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(data[25] == 2, "color type RGB for an opaque frame")
        let back = try roundTrip(surface)
        #expect(ImageDiff.stats(surface, back)?.differing == 0)
    }

    @Test func translucentFramesKeepTheirAlpha() throws {
        let surface = try ImageSurface(width: 16, height: 16)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 16)), with: Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5))
        let data = try PNGWriter.encode(surface)
        #expect(data[25] == 6, "color type RGBA when any pixel is not opaque")
        let back = try roundTrip(surface)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: 1))
        #expect(stats.outliers == 0, "premultiplied values survive within one level")
        #expect(back.pixel(x: 12, y: 8) == .clear)
    }

    @Test func encodingIsDeterministic() throws {
        let surface = try ImageSurface(width: 64, height: 64)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 50, height: 40)), with: .red)
        #expect(try PNGWriter.encode(surface) == PNGWriter.encode(surface))
    }

    /// A frame big enough to be compressed in parts on several cores (zlib parts, then libdeflate).
    func largeFrame(opaque: Bool) throws -> ImageSurface {
        let surface = try ImageSurface(width: 1080, height: 700)
        var context = GraphicsContext(surface: surface)
        if opaque { context.fill(Path(CGRect(x: 0, y: 0, width: 1080, height: 700)), with: .white) }
        // Different content above and below the split row, and a shape across it.
        context.fill(Path(CGRect(x: 0, y: 0, width: 1080, height: 200)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: 30)))
        context.fill(Path(ellipseIn: CGRect(x: 100, y: 150, width: 800, height: 500)), with: Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6))
        context.draw(Text("Split streams decode as one").font(FontDescriptor(size: 64)), in: CGRect(x: 40, y: 560, width: 1000, height: 120))
        return surface
    }

    @Test(arguments: [true, false]) func largeFramesSplitAcrossCoresRoundTrip(opaque: Bool) throws {
        let surface = try largeFrame(opaque: opaque)
        #expect(PNGEncoding.partRows(width: 1080, height: 700, opaque: opaque).count == 3)
        let data = try PNGWriter.encode(surface)
        // IDAT follows the 8-byte signature and the 25-byte IHDR chunk; its zlib header is the
        // split writer's (fastest), not libdeflate's level-2 one.
        #expect(String(decoding: data[37..<41], as: UTF8.self) == "IDAT")
        #expect(Array(data[41..<43]) == [0x78, 0x01])
        #expect(try PNGWriter.encode(surface) == data, "the same bytes every time")
        let back = try roundTrip(surface)
        let stats = try #require(ImageDiff.stats(surface, back, threshold: opaque ? 0 : 1))
        #expect(stats.outliers == 0)
    }

    /// Each growing frame makes every part enlarge its output buffer at the same moment on
    /// several threads; they must not share any mutable state to do it.
    @Test func partsGrowTheirBuffersConcurrently() throws {
        for step in 0..<12 {
            let surface = try ImageSurface(width: 1000, height: 400 + step * 37)
            var context = GraphicsContext(surface: surface)
            context.fill(Path(CGRect(x: 0, y: 0, width: 1000, height: surface.height)), with: .linearGradient(LinearGradient(colors: [.red, .blue], angle: Double(step * 10))))
            let data = try PNGWriter.encode(surface)
            #expect(Array(data[41..<43]) == [0x78, 0x01], "frame \(step) is split in parts")
        }
    }
}
