import CCairo
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `ImageSource.draw(in:contentMode:alignment:clipShape:on:)`: a photo fitted, filled (cropped)
/// and clipped to shapes, checked by its pixels. Fixtures are JPEGs made by `cjpeg` at quality 95
/// without chroma subsampling, so flat colours come back within a few levels.
@Suite struct ImageFrameTests {
    static let red = PhotoFixtures.Pixel(r: 220, g: 30, b: 40), green = PhotoFixtures.Pixel(r: 30, g: 200, b: 60)

    /// A 90 × 30 JPEG: red, then green, then red again, in thirds.
    static func stripes() throws -> ImageSource {
        let ppm = PhotoFixtures.ppm(width: 90, height: 30) { x, _ in (30..<60).contains(x) ? green : red }
        return try ImageSource(data: try PhotoFixtures.cjpeg(ppm, ["-quality", "95", "-sample", "1x1"]), path: "stripes.jpg")
    }

    /// A flat `size` × `size` JPEG of one colour.
    static func flat(_ size: Int, _ colour: PhotoFixtures.Pixel = red) throws -> ImageSource {
        let ppm = PhotoFixtures.ppm(width: size, height: size) { _, _ in colour }
        return try ImageSource(data: try PhotoFixtures.cjpeg(ppm, ["-quality", "95", "-sample", "1x1"]), path: "flat.jpg")
    }

    /// `source` drawn into a transparent `width` × `height` surface.
    static func draw(_ source: ImageSource, width: Int = 60, height: Int = 60, in frame: CGRect, contentMode: ContentMode?,
                     alignment: UnitPoint = .center, clipShape: ShapeKind? = nil) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        source.draw(in: frame, contentMode: contentMode, alignment: alignment, clipShape: clipShape, on: CairoContext(surface: surface))
        return surface
    }

    /// The premultiplied B, G, R, A bytes at (x, y).
    static func bgra(_ surface: ImageSurface, _ x: Int, _ y: Int) -> [Int] {
        surface.withPixels { bytes in (0..<4).map { Int(bytes[y * surface.stride + x * 4 + $0]) } }
    }

    static func isClose(_ pixel: [Int], to colour: PhotoFixtures.Pixel, within tolerance: Int = 10) -> Bool {
        pixel[3] == 255 && abs(pixel[2] - Int(colour.r)) <= tolerance && abs(pixel[1] - Int(colour.g)) <= tolerance
            && abs(pixel[0] - Int(colour.b)) <= tolerance
    }

    @Test func contentRectsFitFillAndStretch() {
        let frame = CGRect(x: 10, y: 20, width: 100, height: 50), size = CGSize(width: 200, height: 200)
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: nil) == frame)
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: .fit) == CGRect(x: 35, y: 20, width: 50, height: 50))
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: .fill) == CGRect(x: 10, y: -5, width: 100, height: 100))
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: .fill, alignment: .top) == CGRect(x: 10, y: 20, width: 100, height: 100))
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: .fill, alignment: .bottomTrailing) == CGRect(x: 10, y: -30, width: 100, height: 100))
        #expect(ImageSource.contentRect(for: size, in: frame, contentMode: .fit, alignment: .leading) == CGRect(x: 10, y: 20, width: 50, height: 50))
    }

    @Test func fillCropsToTheCentreAndNothingLeavesTheFrame() throws {
        // 90 × 30 into a 30 × 30 frame: only the green middle third shows.
        let frame = CGRect(x: 15, y: 15, width: 30, height: 30)
        let surface = try Self.draw(try Self.stripes(), in: frame, contentMode: .fill)
        for y in 0..<60 {
            for x in 0..<60 {
                let pixel = Self.bgra(surface, x, y)
                if frame.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    // JPEG rings a pixel or two at the stripes' edges, which are the frame's.
                    if x >= 18, x < 42 { #expect(Self.isClose(pixel, to: Self.green), "(\(x), \(y)): \(pixel)") }
                    #expect(pixel[2] < 120, "red at (\(x), \(y)): \(pixel)")
                } else {
                    #expect(pixel == [0, 0, 0, 0], "drawn outside the frame at (\(x), \(y)): \(pixel)")
                }
            }
        }
    }

    @Test func fillWithLeadingAlignmentShowsTheLeftEnd() throws {
        let frame = CGRect(x: 15, y: 15, width: 30, height: 30)
        let surface = try Self.draw(try Self.stripes(), in: frame, contentMode: .fill, alignment: .leading)
        for y in 17..<43 { for x in 15..<42 { #expect(Self.isClose(Self.bgra(surface, x, y), to: Self.red), "(\(x), \(y))") } }
    }

    @Test func fitLetterboxesInsideTheFrame() throws {
        // 90 × 30 into 60 × 60: 60 × 20, centred, rows 20..<40; above and below stays clear.
        let surface = try Self.draw(try Self.stripes(), in: CGRect(x: 0, y: 0, width: 60, height: 60), contentMode: .fit)
        #expect(Self.bgra(surface, 30, 10) == [0, 0, 0, 0])
        #expect(Self.bgra(surface, 30, 50) == [0, 0, 0, 0])
        #expect(Self.isClose(Self.bgra(surface, 30, 30), to: Self.green))
        #expect(Self.isClose(Self.bgra(surface, 5, 30), to: Self.red))
    }

    @Test func aCircleClipLeavesTheCornersTransparentWithAntialiasedEdges() throws {
        let frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        let surface = try Self.draw(try Self.flat(40), in: frame, contentMode: .fill, clipShape: .circle)
        for (x, y) in [(10, 10), (49, 10), (10, 49), (49, 49), (13, 13)] {
            #expect(Self.bgra(surface, x, y)[3] == 0, "corner (\(x), \(y)) is drawn")
        }
        #expect(Self.isClose(Self.bgra(surface, 30, 30), to: Self.red))
        #expect(Self.isClose(Self.bgra(surface, 30, 11), to: Self.red), "the circle reaches the frame's edge")
        // Antialiased: along the circle's edge some pixels are partly covered.
        var partial = 0
        for y in 10..<50 { for x in 10..<50 { let a = Self.bgra(surface, x, y)[3]; if a > 0 && a < 255 { partial += 1 } } }
        #expect(partial > 40, "\(partial) partly covered pixels")
    }

    @Test func roundedRectangleAndCapsuleClips() throws {
        let frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        let rounded = try Self.draw(try Self.flat(40), in: frame, contentMode: .fill,
                                    clipShape: .roundedRectangle(cornerRadius: 8, style: .circular))
        #expect(Self.bgra(rounded, 10, 10)[3] == 0)
        #expect(Self.isClose(Self.bgra(rounded, 18, 10), to: Self.red), "the straight edge is whole")
        #expect(Self.isClose(Self.bgra(rounded, 10, 20), to: Self.red))
        let capsule = try Self.draw(try Self.flat(40), in: frame, contentMode: .fill, clipShape: .capsule(style: .circular))
        #expect(Self.bgra(capsule, 11, 12)[3] == 0, "a capsule's end is a half circle")
        #expect(Self.bgra(capsule, 10, 20)[3] > 200, "its tip reaches the frame's edge")
        #expect(Self.isClose(Self.bgra(capsule, 30, 10), to: Self.red))
    }

    @Test func aFitClipFollowsTheFittedImage() throws {
        // The circle is laid on the visible 60 × 20 image, not on the empty frame around it.
        let surface = try Self.draw(try Self.stripes(), in: CGRect(x: 0, y: 0, width: 60, height: 60), contentMode: .fit, clipShape: .capsule(style: .circular))
        #expect(Self.bgra(surface, 0, 20)[3] == 0)
        #expect(Self.isClose(Self.bgra(surface, 30, 21), to: Self.green))
    }
}
