import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// EXIF orientation (`ExifOrientation`): an APP1 segment written by hand into a `cjpeg` JPEG of
/// four coloured quadrants, decoded upright for each of the eight orientations.
@Suite struct ExifOrientationTests {
    /// An APP1 `Exif` segment whose IFD0 holds one entry, Orientation = `value`, big- or little-endian.
    static func app1(orientation value: Int, littleEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8) + u16(2)
        // A tag before it (ImageWidth), then Orientation: SHORT, one value.
        tiff += u16(0x0100) + u16(3) + u32(1) + u16(32) + [0, 0]
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(value) + [0, 0]
        tiff += u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// `jpeg` with `segment` right after its SOI.
    static func inserting(_ segment: [UInt8], into jpeg: Data) -> Data {
        Data(jpeg.prefix(2)) + Data(segment) + Data(jpeg.dropFirst(2))
    }

    static func quadrantJPEG() throws -> Data {
        try PhotoFixtures.cjpeg(JPEGDecodingTests.quadrantPPM(width: 32, height: 24), ["-quality", "95", "-sample", "1x1"])
    }

    /// The quadrant (0 red, 1 green, 2 blue, 3 white, as stored) whose colour `pixel` is.
    static func quadrant(of pixel: [Int]) -> Int? {
        JPEGDecodingTests.quadrants.firstIndex { q in
            abs(pixel[2] - Int(q.r)) <= 10 && abs(pixel[1] - Int(q.g)) <= 10 && abs(pixel[0] - Int(q.b)) <= 10
        }
    }

    /// Stored quadrants seen at the upright image's top left, top right, bottom left and bottom right.
    static let corners: [Int: [Int]] = [1: [0, 1, 2, 3], 2: [1, 0, 3, 2], 3: [3, 2, 1, 0], 4: [2, 3, 0, 1],
                                        5: [0, 2, 1, 3], 6: [2, 0, 3, 1], 7: [3, 1, 2, 0], 8: [1, 3, 0, 2]]

    @Test(arguments: 1...8)
    func eachOrientationStandsTheImageUpright(_ orientation: Int) throws {
        for littleEndian in [false, true] {
            let jpeg = Self.inserting(Self.app1(orientation: orientation, littleEndian: littleEndian), into: try Self.quadrantJPEG())
            #expect(ExifOrientation(jpeg: jpeg).rawValue == orientation)
            let source = try ImageSource(data: jpeg, path: "o.jpg")
            let surface = try JPEGDecoder.decode(jpeg, path: "o.jpg")
            let (w, h) = orientation >= 5 ? (24, 32) : (32, 24)
            #expect((surface.width, surface.height) == (w, h))
            #expect(source.size == CGSize(width: w, height: h), "the layout sees the upright size")
            let seen = [(3, 3), (w - 4, 3), (3, h - 4), (w - 4, h - 4)].map { Self.quadrant(of: JPEGDecodingTests.bgra(surface, $0.0, $0.1)) }
            #expect(seen == Self.corners[orientation]!.map { Optional($0) }, "orientation \(orientation)")
        }
    }

    @Test func orientationSixTurnsAQuarterTurnClockwise() throws {
        // The stored left column (red over blue) becomes the top row, blue on the left.
        let jpeg = Self.inserting(Self.app1(orientation: 6), into: try Self.quadrantJPEG())
        let surface = try JPEGDecoder.decode(jpeg, path: "six.jpg")
        #expect((surface.width, surface.height) == (24, 32))
        #expect(Self.quadrant(of: JPEGDecodingTests.bgra(surface, 3, 3)) == 2)
        #expect(Self.quadrant(of: JPEGDecodingTests.bgra(surface, 20, 3)) == 0)
    }

    @Test func missingDamagedOrUnknownOrientationsReadAsUp() throws {
        let jpeg = try Self.quadrantJPEG()
        #expect(ExifOrientation(jpeg: jpeg) == .up)
        #expect(ExifOrientation(jpeg: Self.inserting(Self.app1(orientation: 9), into: jpeg)) == .up)
        #expect(ExifOrientation(jpeg: Self.inserting(Self.app1(orientation: 0), into: jpeg)) == .up)
        // An IFD whose entry count runs past the segment; a segment longer than the file; not Exif.
        var damaged = Self.app1(orientation: 6)
        damaged[4 + 6 + 8] = 0x7F
        damaged[4 + 6 + 9] = 0xFF
        damaged.removeLast(14)
        damaged[2] = UInt8((damaged.count - 2) >> 8)
        damaged[3] = UInt8((damaged.count - 2) & 0xFF)
        #expect(ExifOrientation(jpeg: Self.inserting(damaged, into: jpeg)) == .up)
        #expect(ExifOrientation(jpeg: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45])) == .up)
        var notExif = Self.app1(orientation: 6)
        notExif[4] = UInt8(ascii: "X")
        #expect(ExifOrientation(jpeg: Self.inserting(notExif, into: jpeg)) == .up)
        // Still decodes, as stored.
        let surface = try JPEGDecoder.decode(Self.inserting(damaged, into: jpeg), path: "d.jpg")
        #expect((surface.width, surface.height) == (32, 24))
    }
}
