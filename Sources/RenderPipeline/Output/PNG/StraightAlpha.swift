/// Premultiplied colour, as Cairo draws it, made straight, as PNG files and ffmpeg's `bgra`
/// frames hold it: each component divided by alpha, rounded to nearest, by table.
package enum StraightAlpha {
    /// `table[alpha << 8 | c]`: premultiplied component `c` at `alpha` as straight colour (at
    /// most 255; 0 at alpha 0).
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 65536)
        for alpha in 0..<256 {
            for c in 0..<256 {
                table[alpha << 8 | c] = alpha == 0 ? 0 : UInt8(min(255, (c * 255 + alpha / 2) / alpha))
            }
        }
        return UnsafePointer(table)
    }()

    /// One Cairo ARGB32 pixel (a native-endian 0xAARRGGBB word) with straight colour, in the same layout.
    @inline(__always)
    static func argb(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        if a == 255 { return argb }
        if a == 0 { return 0 }
        let row = table + Int(a) << 8
        return a << 24 | UInt32(row[Int(argb >> 16 & 0xFF)]) << 16 | UInt32(row[Int(argb >> 8 & 0xFF)]) << 8 | UInt32(row[Int(argb & 0xFF)])
    }

    /// `count` pixels from `source` into `destination` with straight colour.
    package static func convert(_ source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count { destination[x] = argb(source[x]) }
    }
}
