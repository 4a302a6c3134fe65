import Foundation

/// Gaussian blur approximated by three box blurs, O(pixels) whatever the radius.
///
/// Works on premultiplied 4-byte pixels; pixels outside the buffer count as transparent, so a
/// layer blurred on its own fades out at its edges instead of smearing them. The four channels
/// of a pixel are summed together as one SIMD vector, and large regions are split into bands of
/// rows (horizontal pass) and columns (vertical pass) blurred on all cores.
enum BoxBlur {
    /// The largest standard deviation blurred, in pixels; a larger one (or an infinite one) is
    /// blurred as this. It already spreads a pixel over 49,000 pixels, past any canvas's side, so
    /// nothing visible is lost, and no radius overflows an `Int`.
    static let maximumSigma = 8192.0

    /// Box radii whose three passes approximate a Gaussian of standard deviation `sigma` pixels
    /// (at most `maximumSigma`).
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let sigma = min(sigma, maximumSigma)
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
        return (3 * min(sigma, maximumSigma)).rounded(.up) + 1
    }

    /// Regions smaller than this many pixels are blurred on the calling thread.
    static let parallelThreshold = 250_000

    /// Blurs a `width` × `height` region of premultiplied 4-byte pixels in place.
    ///
    /// Only the pixels that are not zero and the blur's reach around them are walked
    /// (`inkRect`): a layer is often much larger than its ink. Works in place with small
    /// buffers only: a copy of the row being blurred (horizontal pass) and a ring of the last
    /// `radius + 1` original rows (vertical pass), so a full-frame blur touches no fresh megabytes.
    static func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma).filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0,
              let ink = inkRect(pixels, of: UInt32.self, width: width, height: height, stride: stride, outset: radii.reduce(0, +))
        else { return }
        let width = ink.width, height = ink.height
        /// The pixels; bands touch disjoint rows or columns.
        struct Pixels: @unchecked Sendable { let base: UnsafeMutableRawPointer }
        let image = Pixels(base: UnsafeMutableRawPointer(pixels + ink.y * stride + 4 * ink.x))
        let bands = width * height >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        for radius in radii {
            ParallelBands.forEach(of: height, bands: bands) { rows in
                let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
                defer { copy.deallocate() }
                for y in rows {
                    let row = (image.base + y * stride).assumingMemoryBound(to: UInt32.self)
                    copy.update(from: row, count: width)
                    boxLine(from: copy, step: 1, to: row, outStep: 1, count: width, radius: radius)
                }
            }
            ParallelBands.forEach(of: width, bands: bands) { columns in
                verticalBand(image.base, stride: stride, columns: columns, height: height, radius: radius)
            }
        }
    }

    /// The vertical pass over a band of columns, in place, walking rows in order (cache
    /// friendly): one running sum per column, a row added below and a row dropped above as the
    /// window moves. A row's original is kept in a ring until it leaves the window.
    private static func verticalBand(_ base: UnsafeMutableRawPointer, stride: Int, columns: Range<Int>, height: Int, radius: Int) {
        let scale = SIMD4<UInt32>(repeating: UInt32((1 << 16) / (2 * radius + 1) + 1))
        let count = columns.count
        let first = columns.lowerBound
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (base + y * stride).assumingMemoryBound(to: UInt32.self) + first
        }
        let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: count)
        defer { sums.deallocate() }
        sums.initialize(repeating: SIMD4(repeating: 0), count: count)
        // A window taller than the band never drops a row: no more slots than rows are needed.
        let slots = min(radius + 1, height)
        let ring = UnsafeMutablePointer<UInt32>.allocate(capacity: slots * count)
        defer { ring.deallocate() }
        for y in 0..<min(radius, height) {
            let r = row(y)
            for i in 0..<count { sums[i] &+= unpack(r[i]) }
        }
        for y in 0..<height {
            let enter = y + radius
            if enter < height {
                let r = row(enter)
                for i in 0..<count { sums[i] &+= unpack(r[i]) }
            }
            let out = row(y)
            let saved = ring + (y % slots) * count
            saved.update(from: out, count: count)
            for i in 0..<count {
                let v = (sums[i] &* scale) &>> 16
                out[i] = min(v[0], 255) | min(v[1], 255) << 8 | min(v[2], 255) << 16 | min(v[3], 255) << 24
            }
            let leave = y - radius
            if leave >= 0 {
                let original = ring + (leave % slots) * count
                for i in 0..<count { sums[i] &-= unpack(original[i]) }
            }
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
