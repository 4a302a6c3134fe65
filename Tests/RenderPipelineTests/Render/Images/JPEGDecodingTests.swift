import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// JPEG image spans through libjpeg-turbo (JPEGDecoder): real files made by `cjpeg`, and headers
/// crafted to declare what no small file could hold.
@Suite struct JPEGDecodingTests {
    /// Four flat quadrants: red, green, blue and white.
    static let quadrants: [PhotoFixtures.Pixel] = [.init(r: 220, g: 30, b: 40), .init(r: 30, g: 200, b: 60),
                                                   .init(r: 20, g: 40, b: 210), .init(r: 255, g: 255, b: 255)]

    static func quadrantPPM(width: Int = 32, height: Int = 24) -> Data {
        PhotoFixtures.ppm(width: width, height: height) { x, y in quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
    }

    /// The premultiplied B, G, R, A bytes of a surface's pixel.
    static func bgra(_ surface: ImageSurface, _ x: Int, _ y: Int) -> [Int] {
        surface.withPixels { bytes in (0..<4).map { Int(bytes[y * surface.stride + x * 4 + $0]) } }
    }

    /// Every pixel's bytes, row after row, without the stride's padding.
    static func allBytes(_ surface: ImageSurface) -> [UInt8] {
        surface.withPixels { bytes in (0..<surface.height).flatMap { y in Array(bytes[y * surface.stride..<y * surface.stride + surface.width * 4]) } }
    }

    @Test func aJPEGDecodesToItsSizeAndColours() throws {
        // Quality 95 without chroma subsampling: flat colours come back within 6 levels a channel
        // (JPEG's quantisation; the quadrants' insides, away from the edges where it rings).
        let jpeg = try PhotoFixtures.cjpeg(Self.quadrantPPM(), ["-quality", "95", "-sample", "1x1"])
        let source = try ImageSource(data: jpeg, path: "q.jpg")
        #expect(source.kind == .jpeg)
        #expect(source.size == CGSize(width: 32, height: 24))
        let surface = try JPEGDecoder.decode(jpeg, path: "q.jpg")
        #expect((surface.width, surface.height) == (32, 24))
        for (index, (x, y)) in [(8, 6), (24, 6), (8, 18), (24, 18)].enumerated() {
            let expected = Self.quadrants[index]
            let got = Self.bgra(surface, x, y)
            #expect(got[3] == 255)
            #expect(abs(got[2] - Int(expected.r)) <= 6 && abs(got[1] - Int(expected.g)) <= 6 && abs(got[0] - Int(expected.b)) <= 6,
                    "pixel (\(x), \(y)): \(got) for \(expected)")
        }
        #expect(Self.allBytes(surface).enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "JPEGs are opaque")
    }

    @Test func pixelsAreLibjpegTurbosAccurateIDCTEveryTime() throws {
        // A pattern with detail everywhere, 4:2:0 at quality 75: the fast IDCT or another
        // upsampling would change many pixels. djpeg -dct int is libjpeg-turbo's own reference.
        let ppm = PhotoFixtures.ppm(width: 40, height: 30) { x, y in
            .init(r: UInt8((x * 37 + y * 11) % 256), g: UInt8((x * x + y * 7) % 256), b: UInt8((x * y * 5 + 90) % 256))
        }
        let jpeg = try PhotoFixtures.cjpeg(ppm, ["-quality", "75"])
        let first = Self.allBytes(try JPEGDecoder.decode(jpeg, path: "p.jpg"))
        let second = Self.allBytes(try JPEGDecoder.decode(jpeg, path: "p.jpg"))
        #expect(first == second)
        let reference = try PhotoFixtures.djpegPixels(jpeg)
        #expect((reference.width, reference.height) == (40, 30))
        var ours: [UInt8] = []
        for pixel in stride(from: 0, to: first.count, by: 4) { ours += [first[pixel + 2], first[pixel + 1], first[pixel]] }
        let differing = zip(ours, reference.rgb).filter { $0 != $1 }.count
        #expect(ours.count == reference.rgb.count && differing == 0, "\(differing) of \(ours.count) samples differ from djpeg's")
    }

    @Test func aGreyscaleJPEGDecodesToGrey() throws {
        let jpeg = try PhotoFixtures.cjpeg(PhotoFixtures.pgm(width: 16, height: 8, level: 100), ["-grayscale"])
        let surface = try JPEGDecoder.decode(jpeg, path: "g.jpg")
        #expect((surface.width, surface.height) == (16, 8))
        let pixel = Self.bgra(surface, 5, 5)
        #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2] && abs(pixel[0] - 100) <= 2 && pixel[3] == 255, "\(pixel)")
    }

    @Test func aHeaderDeclaring20000By20000IsRefusedBeforeDecoding() throws {
        // Headers only, no pixel data: had it been decoded, the error would be a damaged file.
        let header = PhotoFixtures.jpegHeader(width: 20000, height: 20000)
        #expect(ImageSource.declaredBitmapSize(header) == CGSize(width: 20000, height: 20000))
        #expect(throws: ImageError.tooLarge(path: "big.jpg", width: 20000, height: 20000)) { try ImageSource(data: header, path: "big.jpg") }
        // A real file whose frame header is changed to say 20000 × 20000.
        var real = try PhotoFixtures.cjpeg(Self.quadrantPPM())
        let offset = try #require(PhotoFixtures.frameHeaderSizeOffset(real))
        real.replaceSubrange(offset..<offset + 4, with: [0x4E, 0x20, 0x4E, 0x20])
        #expect(throws: ImageError.tooLarge(path: "big.jpg", width: 20000, height: 20000)) { try ImageSource(data: real, path: "big.jpg") }
    }

    @Test func aCMYKJPEGIsRefused() throws {
        #expect(throws: ImageError.cmykJPEG(path: "print.jpg")) {
            try ImageSource(data: PhotoFixtures.jpegHeader(width: 10, height: 10, components: 4), path: "print.jpg")
        }
        #expect(ImageError.cmykJPEG(path: "print.jpg").description
                == "print.jpg cannot be read (a CMYK JPEG; only RGB and greyscale JPEGs are drawn (save it as RGB))")
    }

    @Test func aTruncatedOrDamagedJPEGIsAnErrorWithLibjpegsReason() throws {
        let jpeg = try PhotoFixtures.cjpeg(Self.quadrantPPM(width: 64, height: 64), ["-quality", "90"])
        let error = #expect(throws: ImageError.self) { try ImageSource(data: PhotoFixtures.cutInsideScan(jpeg), path: "cut.jpg") }
        guard case .invalidJPEG(path: "cut.jpg", let detail) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(detail == "Premature end of JPEG file", "\(detail)")
        // The headers cut off: no size to read.
        let headerless = #expect(throws: ImageError.self) { try ImageSource(data: jpeg.prefix(40), path: "head.jpg") }
        guard case .invalidJPEG(path: "head.jpg", _) = headerless else { Issue.record("\(String(describing: headerless))"); return }
        // Not a JPEG after its first three bytes.
        let garbage = Data([0xFF, 0xD8, 0xFF] + Array("this is no JPEG at all".utf8))
        let damaged = #expect(throws: ImageError.self) { try ImageSource(data: garbage, path: "bad.jpg") }
        guard case .invalidJPEG(path: "bad.jpg", let reason) = damaged else { Issue.record("\(String(describing: damaged))"); return }
        #expect(damaged?.description == "bad.jpg cannot be read (not a valid JPEG: \(reason))")
    }

    @Test func theFormatIsFoundByItsBytesNotItsName() throws {
        let jpeg = try PhotoFixtures.cjpeg(Self.quadrantPPM())
        #expect(try ImageSource(data: jpeg, path: "photo.png").kind == .jpeg)
        #expect(throws: ImageError.unsupportedFormat(path: "text.jpg")) { try ImageSource(data: Data("not a photo".utf8), path: "text.jpg") }
    }

    @Test func aScenesBudgetCountsJPEGsFromTheirHeaders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-jpeg-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Four headers of the largest image allowed (8192 × 8192, no pixel data) fill the budget;
        // each is counted before it is decoded (and fails decoding), so a small real JPEG after
        // them is over it.
        for index in 0..<4 { try PhotoFixtures.jpegHeader(width: 8192, height: 8192).write(to: folder.appendingPathComponent("\(index).jpg")) }
        try PhotoFixtures.cjpeg(Self.quadrantPPM()).write(to: folder.appendingPathComponent("small.jpg"))
        let loader = SceneImageLoader(baseDirectory: folder)
        for index in 0..<4 {
            guard case .failure(.invalidJPEG) = loader.image(at: "\(index).jpg") else { Issue.record("\(index).jpg decoded"); return }
        }
        guard case .failure(.overSceneBudget(_, let pixels, let held)) = loader.image(at: "small.jpg") else {
            Issue.record("small.jpg was not refused: \(loader.image(at: "small.jpg"))"); return
        }
        #expect(pixels == 32 * 24 && held == Double(SceneLimits.maximumScenePixels))
    }
}
