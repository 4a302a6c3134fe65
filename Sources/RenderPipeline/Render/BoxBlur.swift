/// Gaussian blur approximated by three box blurs, O(pixels) whatever the radius.
///
/// Works on premultiplied 4-byte pixels; pixels outside the buffer count as transparent, so a
/// layer blurred on its own fades out at its edges instead of smearing them.
enum BoxBlur {
    /// Box radii whose three passes approximate a Gaussian of standard deviation `sigma` pixels.
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal)
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = Int(((12 * sigma * sigma - passes * Double(lower * lower) - 4 * passes * Double(lower) - 3 * passes)
                     / (-4 * Double(lower) - 4)).rounded())
        return (0..<3).map { ($0 < m ? lower : upper) / 2 }
    }

    /// How far (in the same unit as `sigma`) the blur spreads a pixel.
    static func reach(sigma: Double) -> Double {
        guard sigma > 0 else { return 0 }
        return (3 * sigma).rounded(.up) + 1
    }

    /// Blurs a `width` × `height` region of premultiplied 4-byte pixels in place.
    static func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma).filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        let rowBytes = width * 4
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * height)
        defer { scratch.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(rowBytes, 4))
        defer { sums.deallocate() }
        for radius in radii {
            horizontal(from: pixels, fromStride: stride, to: scratch, toStride: rowBytes,
                       width: width, height: height, radius: radius)
            vertical(from: scratch, fromStride: rowBytes, to: pixels, toStride: stride,
                     width: width, height: height, radius: radius, sums: sums)
        }
    }

    /// Divides by the box width with a multiply and shift: exact for the sums a box can hold.
    private static func reciprocal(_ radius: Int) -> UInt64 { (UInt64(1) << 32) / UInt64(2 * radius + 1) + 1 }

    private static func horizontal(from src: UnsafeMutablePointer<UInt8>, fromStride: Int,
                                   to dst: UnsafeMutablePointer<UInt8>, toStride: Int,
                                   width: Int, height: Int, radius: Int) {
        let scale = reciprocal(radius)
        for y in 0..<height {
            let inRow = src + y * fromStride
            let outRow = dst + y * toStride
            for channel in 0..<4 {
                var sum: UInt32 = 0
                for x in 0..<min(radius, width) { sum += UInt32(inRow[x * 4 + channel]) }
                for x in 0..<width {
                    let enter = x + radius
                    if enter < width { sum += UInt32(inRow[enter * 4 + channel]) }
                    outRow[x * 4 + channel] = UInt8(truncatingIfNeeded: (UInt64(sum) * scale) >> 32)
                    let leave = x - radius
                    if leave >= 0 { sum -= UInt32(inRow[leave * 4 + channel]) }
                }
            }
        }
    }

    private static func vertical(from src: UnsafeMutablePointer<UInt8>, fromStride: Int,
                                 to dst: UnsafeMutablePointer<UInt8>, toStride: Int,
                                 width: Int, height: Int, radius: Int, sums: UnsafeMutablePointer<UInt32>) {
        let scale = reciprocal(radius)
        let rowBytes = width * 4
        sums.initialize(repeating: 0, count: rowBytes)
        for y in 0..<min(radius, height) {
            let row = src + y * fromStride
            for i in 0..<rowBytes { sums[i] += UInt32(row[i]) }
        }
        for y in 0..<height {
            let enter = y + radius
            if enter < height {
                let row = src + enter * fromStride
                for i in 0..<rowBytes { sums[i] += UInt32(row[i]) }
            }
            let out = dst + y * toStride
            for i in 0..<rowBytes { out[i] = UInt8(truncatingIfNeeded: (UInt64(sums[i]) * scale) >> 32) }
            let leave = y - radius
            if leave >= 0 {
                let row = src + leave * fromStride
                for i in 0..<rowBytes { sums[i] -= UInt32(row[i]) }
            }
        }
    }
}
