import Foundation

extension BoxBlur {
    /// Blurs a `width` × `height` region of one-byte alpha values in place: byte for byte the
    /// alpha that `apply` gives the same pixels, for a quarter of the bytes.
    ///
    /// A shadow is its colour drawn through a blurred alpha, and `apply` sums each channel on its
    /// own with the same arithmetic (the window's sum times ⌊2¹⁶ / (2r + 1)⌋ + 1, shifted down by
    /// 16, at most 255), so blurring the alpha alone gives the same mask. The horizontal pass
    /// walks a row padded with transparent pixels (no edge tests) and looks each sum's quotient
    /// up in a table; the vertical pass sums sixteen columns at once. Only the alpha's ink and
    /// the blur's reach around it are walked (`inkRect`). `bands` (for tests) splits
    /// the passes into that many bands of rows and columns; by default large regions are split
    /// over the cores. Bands touch disjoint bytes, so the result does not depend on them.
    static func applyToAlpha(_ alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
                             bands: Int? = nil) {
        let radii = boxRadii(sigma: sigma).filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0,
              let ink = inkRect(alpha, of: UInt8.self, width: width, height: height, stride: stride, outset: radii.reduce(0, +))
        else { return }
        let width = ink.width, height = ink.height
        /// The bytes; bands touch disjoint rows or columns.
        struct Bytes: @unchecked Sendable { let base: UnsafeMutablePointer<UInt8> }
        let image = Bytes(base: alpha + ink.y * stride + ink.x)
        let bands = bands ?? (width * height >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1)
        for radius in radii {
            let quotients = quotientTable(radius: radius, longest: max(width, height))
            quotients.withUnsafeBufferPointer { table in
                let table = Bytes(base: UnsafeMutablePointer(mutating: table.baseAddress!))
                ParallelBands.forEach(of: height, bands: bands) { rows in
                    // The row between `radius` transparent bytes before and `radius + 1` after.
                    let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: width + 2 * radius + 1)
                    defer { padded.deallocate() }
                    padded.initialize(repeating: 0, count: width + 2 * radius + 1)
                    for y in rows {
                        let row = image.base + y * stride
                        (padded + radius).update(from: row, count: width)
                        alphaLine(padded, to: row, count: width, radius: radius, quotients: table.base)
                    }
                }
            }
            ParallelBands.forEach(of: width, bands: bands) { columns in
                byteColumns(image.base, stride: stride, columns: columns, height: height, radius: radius)
            }
        }
    }

    /// The blurred value of every window sum a line of at most `longest` bytes can have with
    /// box radius `radius`: what `apply` computes for a channel.
    private static func quotientTable(radius: Int, longest: Int) -> [UInt8] {
        let scale = UInt32((1 << 16) / (2 * radius + 1) + 1)
        let largest = min(2 * radius + 1, longest) * 255
        return (0...largest).map { UInt8(min((UInt32($0) &* scale) &>> 16, 255)) }
    }

    /// One box pass along `count` bytes of `padded` (the line after `radius` zeros) into `output`.
    @inline(__always)
    private static func alphaLine(_ padded: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, count: Int, radius: Int,
                                  quotients: UnsafePointer<UInt8>) {
        // The window of output i is padded[i ... i + 2r]: the first 2r are summed before the loop.
        var sum = 0
        for i in 0..<(2 * radius) { sum &+= Int(padded[i]) }
        for i in 0..<count {
            sum &+= Int(padded[i + 2 * radius])
            output[i] = quotients[sum]
            sum &-= Int(padded[i])
        }
    }

    /// The vertical pass over a band of byte columns, in place, rows in order: sixteen columns'
    /// sums in one vector, a row added below and a row dropped above as the window moves; a
    /// row's original stays in a ring until it leaves the window. (Four-byte pixels keep their
    /// own pass: as sixteen bytes a vector their blur measured 1.2 × the instructions.)
    private static func byteColumns(_ base: UnsafeMutablePointer<UInt8>, stride: Int, columns: Range<Int>, height: Int, radius: Int) {
        typealias Lanes = SIMD16<UInt32>
        let scale = Lanes(repeating: UInt32((1 << 16) / (2 * radius + 1) + 1))
        let count = columns.count
        let vectors = count / 16
        let first = columns.lowerBound
        func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * stride + first }
        @inline(__always) func load(_ bytes: UnsafePointer<UInt8>, _ i: Int) -> Lanes {
            Lanes(truncatingIfNeeded: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: 16 * i, as: SIMD16<UInt8>.self))
        }
        // One sum a column: `vectors` vectors, then the columns left over one by one.
        let sums = UnsafeMutablePointer<Lanes>.allocate(capacity: max(vectors, 1))
        defer { sums.deallocate() }
        sums.initialize(repeating: Lanes(repeating: 0), count: max(vectors, 1))
        let tail = 16 * vectors
        let tailSums = UnsafeMutablePointer<UInt32>.allocate(capacity: 16)
        defer { tailSums.deallocate() }
        tailSums.initialize(repeating: 0, count: 16)
        @inline(__always) func add(_ r: UnsafeMutablePointer<UInt8>) {
            for i in 0..<vectors { sums[i] &+= load(r, i) }
            for i in tail..<count { tailSums[i - tail] &+= UInt32(r[i]) }
        }
        // A window taller than the band never drops a row: no more slots than rows are needed.
        let slots = min(radius + 1, height)
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: slots * count)
        defer { ring.deallocate() }
        for y in 0..<min(radius, height) { add(row(y)) }
        for y in 0..<height {
            let enter = y + radius
            if enter < height { add(row(enter)) }
            let out = row(y)
            (ring + (y % slots) * count).update(from: out, count: count)
            for i in 0..<vectors {
                let q = (sums[i] &* scale) &>> 16
                UnsafeMutableRawPointer(out).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: q.replacing(with: 255, where: q .> 255)),
                                                        toByteOffset: 16 * i, as: SIMD16<UInt8>.self)
            }
            for i in tail..<count { out[i] = UInt8(min((tailSums[i - tail] &* scale[0]) &>> 16, 255)) }
            let leave = y - radius
            if leave >= 0 {
                let original = ring + (leave % slots) * count
                for i in 0..<vectors { sums[i] &-= load(original, i) }
                for i in tail..<count { tailSums[i - tail] &-= UInt32(original[i]) }
            }
        }
    }
}
