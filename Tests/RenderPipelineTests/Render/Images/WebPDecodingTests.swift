import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// WebP image spans through libwebp (WebPDecoder): real files made by `cwebp` and `img2webp`,
/// and a VP8X header crafted to declare a canvas no small file could hold.
@Suite struct WebPDecodingTests {
    static let translucent = PhotoFixtures.Pixel(r: 200, g: 100, b: 50, a: 128)
    static let blue = PhotoFixtures.Pixel(r: 0, g: 0, b: 255)

    /// 16 × 8: the left half translucent orange, the right half opaque blue, (0, 0) transparent.
    static let pam = PhotoFixtures.pam(width: 16, height: 8) { x, y in
        x == 0 && y == 0 ? .init(r: 0, g: 0, b: 0, a: 0) : x < 8 ? translucent : blue
    }

    static func quadrantPAM(width: Int = 32, height: Int = 32) -> Data {
        PhotoFixtures.pam(width: width, height: height) { x, y in JPEGDecodingTests.quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
    }

    @Test func aLosslessWebPKeepsItsAlphaPremultiplied() throws {
        let webp = try PhotoFixtures.cwebp(Self.pam, ["-lossless"])
        let source = try ImageSource(data: webp, path: "a.webp")
        #expect(source.kind == .webp)
        #expect(source.size == CGSize(width: 16, height: 8))
        let surface = try WebPDecoder.decode(webp, path: "a.webp")
        // Cairo's ARGB32 bytes: B, G, R, A, the colour multiplied by alpha (200·128/255 = 100.4…).
        let translucent = JPEGDecodingTests.bgra(surface, 4, 4)
        #expect(zip(translucent, [25, 50, 100, 128]).allSatisfy { abs($0 - $1) <= 1 }, "\(translucent)")
        #expect(JPEGDecodingTests.bgra(surface, 12, 4) == [255, 0, 0, 255])
        #expect(JPEGDecodingTests.bgra(surface, 0, 0) == [0, 0, 0, 0])
        #expect(JPEGDecodingTests.allBytes(surface) == JPEGDecodingTests.allBytes(try WebPDecoder.decode(webp, path: "a.webp")))
    }

    @Test func aLossyWebPDecodesToItsColoursAndAlpha() throws {
        // Lossy colours (4:2:0, quality 95) come back within 10 levels inside flat areas; the alpha
        // plane is lossless (cwebp's -alpha_q 100), so it is exact.
        let opaque = try WebPDecoder.decode(try PhotoFixtures.cwebp(Self.quadrantPAM(), ["-q", "95"]), path: "q.webp")
        #expect((opaque.width, opaque.height) == (32, 32))
        for (index, (x, y)) in [(8, 8), (24, 8), (8, 24), (24, 24)].enumerated() {
            let expected = JPEGDecodingTests.quadrants[index], got = JPEGDecodingTests.bgra(opaque, x, y)
            #expect(got[3] == 255 && abs(got[2] - Int(expected.r)) <= 10 && abs(got[1] - Int(expected.g)) <= 10
                    && abs(got[0] - Int(expected.b)) <= 10, "pixel (\(x), \(y)): \(got) for \(expected)")
        }
        let translucent = try WebPDecoder.decode(try PhotoFixtures.cwebp(Self.pam, ["-q", "95", "-alpha_q", "100"]), path: "t.webp")
        #expect(JPEGDecodingTests.bgra(translucent, 4, 4)[3] == 128)
        #expect(JPEGDecodingTests.bgra(translucent, 12, 4)[3] == 255)
        #expect(JPEGDecodingTests.bgra(translucent, 0, 0) == [0, 0, 0, 0])
    }

    @Test func anAnimatedWebPIsRefused() throws {
        let frame = { (pixel: PhotoFixtures.Pixel) in PhotoFixtures.pam(width: 8, height: 8) { _, _ in pixel } }
        let animated = try PhotoFixtures.animatedWebP([frame(Self.blue), frame(Self.translucent)])
        #expect(throws: ImageError.animatedWebP(path: "anim.webp")) { try ImageSource(data: animated, path: "anim.webp") }
        #expect(ImageError.animatedWebP(path: "anim.webp").description
                == "anim.webp cannot be read (an animated WebP; only still WebP images are drawn (save one frame))")
    }

    @Test func aHeaderDeclaring20000By20000IsRefusedBeforeDecoding() throws {
        // A RIFF header and a VP8X chunk only: had it been decoded, the error would be a truncated file.
        let header = PhotoFixtures.webpHeader(width: 20000, height: 20000)
        #expect(ImageSource.declaredBitmapSize(header) == CGSize(width: 20000, height: 20000))
        #expect(throws: ImageError.tooLarge(path: "big.webp", width: 20000, height: 20000)) { try ImageSource(data: header, path: "big.webp") }
    }

    @Test func aTruncatedOrDamagedWebPIsAnError() throws {
        let webp = try PhotoFixtures.cwebp(Self.quadrantPAM(width: 64, height: 64), ["-q", "90"])
        #expect(throws: ImageError.invalidWebP(path: "cut.webp", detail: "truncated")) {
            try ImageSource(data: webp.prefix(webp.count / 2), path: "cut.webp")
        }
        #expect(ImageError.invalidWebP(path: "cut.webp", detail: "truncated").description == "cut.webp cannot be read (not a valid WebP: truncated)")
        // The RIFF header of a WebP around bytes that are no bitstream.
        var garbage = Data(webp.prefix(12))
        garbage.append(contentsOf: Array("VP8 ".utf8) + [40, 0, 0, 0] + Array(repeating: 0xA5, count: 40))
        let damaged = #expect(throws: ImageError.self) { try ImageSource(data: garbage, path: "bad.webp") }
        guard case .invalidWebP(path: "bad.webp", _) = damaged else { Issue.record("\(String(describing: damaged))"); return }
    }

    @Test func aScenesBudgetCountsWebPsFromTheirHeaders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-webp-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<4 { try PhotoFixtures.webpHeader(width: 8192, height: 8192).write(to: folder.appendingPathComponent("\(index).webp")) }
        try PhotoFixtures.cwebp(Self.pam, ["-lossless"]).write(to: folder.appendingPathComponent("small.webp"))
        let loader = SceneImageLoader(baseDirectory: folder)
        for index in 0..<4 {
            guard case .failure(.invalidWebP(_, "truncated")) = loader.image(at: "\(index).webp") else { Issue.record("\(index).webp"); return }
        }
        guard case .failure(.overSceneBudget(_, let pixels, let held)) = loader.image(at: "small.webp") else {
            Issue.record("small.webp was not refused: \(loader.image(at: "small.webp"))"); return
        }
        #expect(pixels == 16 * 8 && held == Double(SceneLimits.maximumScenePixels))
    }
}
