import Foundation

/// Gaussian blur approximated by three box blurs, O(pixels) whatever the radius.
///
/// Works on premultiplied 4-byte pixels; pixels outside the buffer count as transparent, so a
/// layer blurred on its own fades out at its edges instead of smearing them. The four channels
/// of a pixel are summed together as one SIMD vector, and large regions are split into bands of
/// rows (horizontal pass) and columns (vertical pass) blurred on all cores.
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

    /// Regions smaller than this many pixels are blurred on the calling thread.
    static let parallelThreshold = 250_000

    /// Blurs a `width` × `height` region of premultiplied 4-byte pixels in place.
    static func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma).filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        /// The pixels and the scratch rows; bands touch disjoint rows or columns of each.
        struct Buffers: @unchecked Sendable {
            let source: UnsafeMutableRawPointer
            let scratch: UnsafeMutablePointer<UInt32>
        }
        let buffers = Buffers(source: UnsafeMutableRawPointer(pixels),
                              scratch: UnsafeMutablePointer<UInt32>.allocate(capacity: width * height))
        defer { buffers.scratch.deallocate() }
        let bands = width * height >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        for radius in radii {
            // Rows into the scratch buffer, then columns back into the pixels.
            forEachBand(of: height, bands: bands) { rows in
                for y in rows {
                    let input = (buffers.source + y * stride).assumingMemoryBound(to: UInt32.self)
                    boxLine(from: input, step: 1, to: buffers.scratch + y * width, outStep: 1, count: width, radius: radius)
                }
            }
            forEachBand(of: width, bands: bands) { columns in
                for x in columns {
                    let output = (buffers.source + x * 4).assumingMemoryBound(to: UInt32.self)
                    boxLine(from: buffers.scratch + x, step: width, to: output, outStep: stride / 4, count: height, radius: radius)
                }
            }
        }
    }

    private static func forEachBand(of count: Int, bands: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard bands > 1 else { return body(0..<count) }
        let size = (count + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let start = band * size
            if start < count { body(start..<min(start + size, count)) }
        }
    }

    @inline(__always)
    private static func unpack(_ pixel: UInt32) -> SIMD4<UInt32> {
        SIMD4(pixel & 0xFF, (pixel >> 8) & 0xFF, (pixel >> 16) & 0xFF, pixel >> 24)
    }

    /// One box pass along a line of `count` pixels, `step` words apart; outside is transparent.
    @inline(__always)
    private static func boxLine(from input: UnsafePointer<UInt32>, step: Int, to output: UnsafeMutablePointer<UInt32>,
                                outStep: Int, count: Int, radius: Int) {
        // sum / (2r + 1) as a multiply and shift: the sums of a box fit in 32 bits with 16 to spare.
        let scale = SIMD4<UInt32>(repeating: UInt32((1 << 16) / (2 * radius + 1) + 1))
        var sum = SIMD4<UInt32>(repeating: 0)
        for i in 0..<min(radius, count) { sum &+= unpack(input[i * step]) }
        for i in 0..<count {
            let enter = i + radius
            if enter < count { sum &+= unpack(input[enter * step]) }
            let v = (sum &* scale) &>> 16
            output[i * outStep] = min(v[0], 255) | min(v[1], 255) << 8 | min(v[2], 255) << 16 | min(v[3], 255) << 24
            let leave = i - radius
            if leave >= 0 { sum &-= unpack(input[leave * step]) }
        }
    }
}
