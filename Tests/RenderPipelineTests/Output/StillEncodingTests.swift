import CCairo
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// JPEG and WebP stills (`JPEGEncoder`, `WebPEncoder`): encoded frames decode back, with the
/// renderer's own decoders, to the frame's pixels within the stated tolerance, and the same
/// frame gives the same bytes.
@Suite struct StillEncodingTests {
    /// A 64 × 48 frame: four flat quadrants, and for `alpha` a transparent band along the bottom
    /// and a half-transparent one above it.
    static func frame(alpha: Bool = false) throws -> ImageSurface {
        let surface = try ImageSurface(width: 64, height: 48)
        let cairo = CairoContext(surface: surface)
        cairo.withUnsafeCairoContext { cr in
            for (index, rgb) in [(0.86, 0.12, 0.16), (0.12, 0.78, 0.24), (0.08, 0.16, 0.82), (1.0, 1.0, 1.0)].enumerated() {
                cairo_set_source_rgb(cr, rgb.0, rgb.1, rgb.2)
                cairo_rectangle(cr, Double(index % 2) * 32, Double(index / 2) * 24, 32, 24)
                cairo_fill(cr)
            }
            if alpha {
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, 0, 0, 0, 0)
                cairo_rectangle(cr, 0, 40, 64, 8)
                cairo_fill(cr)
                cairo_set_source_rgba(cr, 0.1, 0.2, 0.9, 0.5)
                cairo_rectangle(cr, 0, 32, 64, 8)
                cairo_fill(cr)
            }
        }
        return surface
    }

    /// Every pixel's premultiplied B, G, R, A bytes.
    static func bytes(_ surface: ImageSurface) -> [UInt8] { JPEGDecodingTests.allBytes(surface) }

    @Test func aJPEGStillDecodesBackToTheFrame() throws {
        let frame = try Self.frame()
        let jpeg = try JPEGEncoder.encode(frame)
        #expect(JPEGDecoder.isJPEG(jpeg))
        #expect(try JPEGEncoder.encode(frame).elementsEqual(jpeg), "the same frame, the same bytes")
        let back = try JPEGDecoder.decode(jpeg, path: "still.jpg")
        #expect((back.width, back.height) == (64, 48))
        // Quality 90, 4:4:4: within 3 levels on average, 40 at the quadrants' edges (ringing).
        let a = Self.bytes(frame), b = Self.bytes(back)
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 3)
        #expect(differences.max()! <= 40)
        // Flat insides within 4.
        for (x, y) in [(8, 6), (56, 6), (8, 42), (56, 42)] {
            let p = JPEGDecodingTests.bgra(frame, x, y), q = JPEGDecodingTests.bgra(back, x, y)
            #expect(zip(p, q).allSatisfy { abs($0 - $1) <= 4 }, "(\(x), \(y)): \(q) for \(p)")
        }
        // A lower quality, a smaller file.
        #expect(try JPEGEncoder.encode(frame, quality: 40).count < jpeg.count)
    }

    @Test func aJPEGStillIsTheFrameOverWhite() throws {
        let back = try JPEGDecoder.decode(try JPEGEncoder.encode(try Self.frame(alpha: true)), path: "alpha.jpg")
        let clear = JPEGDecodingTests.bgra(back, 20, 45)
        #expect(clear.allSatisfy { $0 >= 250 }, "transparent is white: \(clear)")
        // Half blue over white: (0.55, 0.6, 0.95) · 255.
        let half = JPEGDecodingTests.bgra(back, 20, 36)
        #expect(abs(half[2] - 140) <= 6 && abs(half[1] - 153) <= 6 && abs(half[0] - 242) <= 6 && half[3] == 255, "\(half)")
    }

    @Test func aLossyWebPStillDecodesBackWithItsAlpha() throws {
        let frame = try Self.frame(alpha: true)
        let webp = try WebPEncoder.encode(frame)
        #expect(WebPDecoder.isWebP(webp))
        #expect(try WebPEncoder.encode(frame).elementsEqual(webp), "the same frame, the same bytes")
        let back = try WebPDecoder.decode(webp, path: "still.webp")
        #expect((back.width, back.height) == (64, 48))
        #expect(JPEGDecodingTests.bgra(back, 20, 45) == [0, 0, 0, 0], "transparent stays transparent")
        #expect(JPEGDecodingTests.bgra(back, 20, 36)[3] == 128, "the alpha plane is lossless")
        let differences = zip(Self.bytes(frame), Self.bytes(back)).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 4)
    }

    @Test func aLossyWebPHonoursItsQualityAndLeavesAnOpaqueFrameWithoutAlpha() throws {
        let frame = try Self.frame()
        let high = try WebPEncoder.encode(frame), low = try WebPEncoder.encode(frame, quality: 20)
        #expect(low.count < high.count, "quality reaches the advanced API's config: \(low.count) ≥ \(high.count)")
        // An opaque frame is plain VP8: no ALPH chunk (libwebp finds no transparency to keep).
        #expect(high.range(of: Data("ALPH".utf8)) == nil && high.range(of: Data("VP8 ".utf8)) != nil)
        #expect(try WebPEncoder.encode(try Self.frame(alpha: true)).range(of: Data("ALPH".utf8)) != nil)
    }

    @Test func aLosslessWebPStillIsTheFrameExactly() throws {
        let frame = try Self.frame()
        let webp = try WebPEncoder.encode(frame, lossless: true)
        #expect(try WebPEncoder.encode(frame, lossless: true) == webp)
        #expect(Self.bytes(try WebPDecoder.decode(webp, path: "lossless.webp")) == Self.bytes(frame))
    }

    @Test func stillEncodingNamesFormatsByExtension() {
        #expect(StillEncoding.format(ofFile: "card.PNG") == .png)
        #expect(StillEncoding.format(ofFile: "out/card.jpeg") == .jpg)
        #expect(StillEncoding.format(ofFile: "card.jpg") == .jpg)
        #expect(StillEncoding.format(ofFile: "card.webp") == .webp)
        #expect(StillEncoding.format(ofFile: "card.gif") == nil)
    }
}
