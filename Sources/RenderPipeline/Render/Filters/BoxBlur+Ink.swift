extension BoxBlur {
    /// A rectangle of pixels within a region: where a blur has anything to spread.
    struct InkRect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The smallest rectangle holding every nonzero pixel of a `width` × `height` region of
    /// `Pixel`s, `stride` bytes a row, grown by `outset` on every side within the region; nil
    /// when every pixel is zero.
    ///
    /// Each box pass spreads a pixel at most its radius, and pixels outside a region count as
    /// transparent: blurring only this rectangle, with `outset` the sum of the passes' radii,
    /// gives every byte a whole-region blur gives (the rest stays zero in both). A layer is as
    /// large as what was drawn's bounds plus the blur's reach, often much larger than its ink
    /// (a shimmer's band, a spoiler span's slice), and blank rows and columns cost their scan only.
    /// Inlined so that each caller gets it for its own pixel type: as a generic function every
    /// pixel's comparison went through the protocol (7 M more instructions for a full frame).
    @inline(__always)
    static func inkRect<Pixel: FixedWidthInteger>(_ base: UnsafeRawPointer, of _: Pixel.Type, width: Int, height: Int, stride: Int,
                                                  outset: Int) -> InkRect? {
        @inline(__always) func row(_ y: Int) -> UnsafePointer<Pixel> { (base + y * stride).assumingMemoryBound(to: Pixel.self) }
        @inline(__always) func isBlank(_ y: Int) -> Bool {
            let r = row(y)
            for x in 0..<width where r[x] != 0 { return false }
            return true
        }
        var top = 0
        while top < height && isBlank(top) { top += 1 }
        guard top < height else { return nil }
        var bottom = height - 1
        while isBlank(bottom) { bottom -= 1 }
        // Each row is searched only where it could widen the columns found so far.
        var left = width, right = -1
        for y in top...bottom {
            let r = row(y)
            var x = 0
            while x < left && r[x] == 0 { x += 1 }
            left = x
            var z = width - 1
            while z > right && r[z] == 0 { z -= 1 }
            right = z
        }
        let x0 = max(left - outset, 0), y0 = max(top - outset, 0)
        let x1 = min(right + 1 + outset, width), y1 = min(bottom + 1 + outset, height)
        return InkRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
