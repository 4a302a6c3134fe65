import Foundation

/// A JPEG's EXIF orientation (TIFF tag 0x0112 in IFD0 of its APP1 `Exif` segment): how the
/// stored pixels turn to show the photo upright, as cameras and phones record it.
///
/// Read with a small bounded reader (libjpeg-turbo parses no EXIF, and one tag does not justify
/// libexif): only the segments before the first scan, only IFD0, every offset checked against
/// the segment's length. A missing, damaged or out-of-range (not 1–8) tag reads as `.up`.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (transposed).
    case leftMirrored = 5
    /// 6: to be turned a quarter turn clockwise.
    case right = 6
    /// 7: mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// 8: to be turned a quarter turn anticlockwise.
    case left = 8

    /// The orientation a JPEG's first Exif APP1 segment records, or `.up`.
    package init(jpeg data: Data) {
        self = data.withUnsafeBytes { Self.read(Array($0.prefix(Self.searchedBytes))) } ?? .up
    }

    /// How far into a file segments are looked at (APP1 holds at most 64 KiB; segments before
    /// it are few and short).
    static let searchedBytes = 1 << 20

    /// Whether showing the photo upright swaps its width and height.
    package var swapsSides: Bool { rawValue >= 5 }

    /// The orientation found in `bytes` (a JPEG's start), or nil.
    private static func read(_ bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }  // the scan or the end: no EXIF before it
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }  // no length
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, let found = orientation(inApp1: bytes[(i + 4)..<(i + 2 + length)]) { return found }
            i += 2 + length
        }
        return nil
    }

    /// The orientation tag of an APP1 segment's payload, if it is `Exif\0\0` + a TIFF header.
    private static func orientation(inApp1 segment: ArraySlice<UInt8>) -> ExifOrientation? {
        let s = Array(segment)
        guard s.count >= 14, s.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = 6
        let little: Bool
        switch (s[tiff], s[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= s.count else { return nil }
            return little ? Int(s[at]) | Int(s[at + 1]) << 8 : Int(s[at]) << 8 | Int(s[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let at = tiff + ifd + 2 + 12 * entry
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, stored in the first two bytes of the value field.
            guard u16(at + 2) == 3, u32(at + 4) == 1, let value = u16(at + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// The stored pixels turned upright: `surface` itself for `.up`, else a new surface.
    func applied(to surface: ImageSurface) throws -> ImageSurface {
        guard self != .up else { return surface }
        let w = Double(surface.width), h = Double(surface.height)
        let upright = try swapsSides ? ImageSurface(width: surface.height, height: surface.width)
                                     : ImageSurface(width: surface.width, height: surface.height)
        // Stored (x, y) → shown (xx·x + xy·y + x0, yx·x + yy·y + y0).
        func matrix(_ xx: Double, _ yx: Double, _ xy: Double, _ yy: Double, _ x0: Double, _ y0: Double) -> CairoMatrix {
            CairoMatrix(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
        }
        let m: CairoMatrix = switch self {
        case .up: .identity
        case .upMirrored: matrix(-1, 0, 0, 1, w, 0)
        case .down: matrix(-1, 0, 0, -1, w, h)
        case .downMirrored: matrix(1, 0, 0, -1, 0, h)
        case .leftMirrored: matrix(0, 1, 1, 0, 0, 0)
        case .right: matrix(0, 1, -1, 0, h, 0)
        case .rightMirrored: matrix(0, -1, -1, 0, h, w)
        case .left: matrix(0, -1, 1, 0, 0, w)
        }
        CairoContext(surface: upright).copyNearest(surface, through: m)
        upright.flush()
        return upright
    }
}
