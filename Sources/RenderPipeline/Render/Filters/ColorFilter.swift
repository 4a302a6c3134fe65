import Foundation

/// The color operations of SwiftUI's `GraphicsContext.Filter`, applied to a layer's pixels in place.
///
/// Every operation except `alphaThreshold` is a `ColorMatrix` (see `matrix(linearColor:)`), so one
/// pixel loop serves them all: unpremultiply, multiply by the matrix, clamp to 0...1,
/// premultiply, round to the nearest level.
///
/// Color space: SwiftUI's filters compute on the gamma-encoded sRGB values unless the filter
/// is added with `FilterOptions.linearColor` ("causes the filter to perform calculations in a
/// linear color space"), so that option, `linearColor: true` here, is the exception and
/// encoded sRGB the default. CSS filter functions likewise work in sRGB. Alpha is never
/// gamma-encoded, so `linearColor` leaves it alone.
///
/// Where SwiftUI's documentation names an SVG/CSS primitive ("equivalent to the `saturate`
/// filter primitive"), the matrix is that primitive's from the W3C Filter Effects spec.
enum ColorFilter: Hashable, Sendable {
    /// Rotates hues by an angle: the `feColorMatrix type="hueRotate"` matrix (SwiftUI: "equivalent
    /// to the `hue-rotate` filter primitive"). Its luma weights are 0.213, 0.715, 0.072.
    case hueRotation(radians: Double)
    /// Multiplies each component, alpha included, by the matching component of a color
    /// (SwiftUI: "multiplies each color component by the matching component of a given color").
    case colorMultiply(Color)
    /// Saturation: 0 is grey, 1 unchanged, above 1 more vivid. The `feColorMatrix
    /// type="saturate"` matrix (SwiftUI: "equivalent to the `saturate` filter primitive").
    case saturation(Double)
    /// Adds the amount to each color component: 0 unchanged, 1 white. SwiftUI: "An amount to
    /// add to the pixel's color components", matching Core Image's `CIColorControls`
    /// brightness, unlike SVG's multiplying `brightness`.
    case brightness(Double)
    /// Contrast around 50 % grey: 0 is all grey, 1 unchanged, above 1 harsher. CSS
    /// `contrast()`: slope `amount`, intercept `0.5 - 0.5 · amount` (SwiftUI: "equivalent to the
    /// `contrast` filter primitive").
    case contrast(Double)
    /// Grayscale: 0 unchanged, 1 fully grey, linear in between. CSS `grayscale()`, whose luma
    /// weights are 0.2126, 0.7152, 0.0722; the amount is clamped to 0...1 as CSS requires.
    case grayscale(Double)
    /// Inverts colors: 0 unchanged, 1 (SwiftUI's default) fully inverted. CSS `invert()`:
    /// `amount + (1 - 2 · amount) · C`; the amount is clamped to 0...1 as CSS requires.
    case colorInvert(Double)
    /// Black whose alpha is the color's luminance: the `feColorMatrix type="luminanceToAlpha"`
    /// matrix (weights 0.2125, 0.7154, 0.0721), which reads the straight color and ignores the
    /// pixel's own alpha (SwiftUI: "uses it to define the opacity of the result, combined with
    /// black (zero) color components").
    case luminanceToAlpha
    /// Pixels whose alpha lies in `min...max` (both ends included) become `color`, as opaque as
    /// the color says; all others become transparent. SwiftUI: alpha below `min` or above `max`
    /// renders transparent; its defaults are `max: 1, color: .black`.
    case alphaThreshold(min: Double, max: Double, color: Color)
    /// A caller's matrix, as SVG `feColorMatrix type="matrix"`.
    case colorMatrix(ColorMatrix)

    /// The filter as a color matrix, in linear-light terms when `linearColor` is set (a color
    /// argument is then linearized too); nil for `alphaThreshold`, which no matrix expresses.
    func matrix(linearColor: Bool = false) -> ColorMatrix? {
        switch self {
        case .hueRotation(let radians):
            let c = cos(radians), s = sin(radians)
            return Self.matrix(
                red: [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                green: [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                blue: [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072])
        case .colorMultiply(let color):
            let red = linearColor ? Self.linearized(color.red) : color.red
            let green = linearColor ? Self.linearized(color.green) : color.green
            let blue = linearColor ? Self.linearized(color.blue) : color.blue
            return Self.matrix(red: [red, 0, 0], green: [0, green, 0], blue: [0, 0, blue], alpha: color.alpha)
        case .saturation(let s):
            return Self.matrix(
                red: [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                green: [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                blue: [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s])
        case .brightness(let amount):
            return Self.matrix(red: [1, 0, 0], green: [0, 1, 0], blue: [0, 0, 1], offset: amount)
        case .contrast(let amount):
            return Self.matrix(red: [amount, 0, 0], green: [0, amount, 0], blue: [0, 0, amount], offset: 0.5 - 0.5 * amount)
        case .grayscale(let amount):
            let t = 1 - min(max(amount, 0), 1)
            return Self.matrix(
                red: [0.2126 + 0.7874 * t, 0.7152 - 0.7152 * t, 0.0722 - 0.0722 * t],
                green: [0.2126 - 0.2126 * t, 0.7152 + 0.2848 * t, 0.0722 - 0.0722 * t],
                blue: [0.2126 - 0.2126 * t, 0.7152 - 0.7152 * t, 0.0722 + 0.9278 * t])
        case .colorInvert(let amount):
            let a = min(max(amount, 0), 1), slope = 1 - 2 * a
            return Self.matrix(red: [slope, 0, 0], green: [0, slope, 0], blue: [0, 0, slope], offset: a)
        case .luminanceToAlpha:
            var m = Self.matrix(red: [0, 0, 0], green: [0, 0, 0], blue: [0, 0, 0], alpha: 0)
            m.a1 = 0.2125
            m.a2 = 0.7154
            m.a3 = 0.0721
            return m
        case .alphaThreshold:
            return nil
        case .colorMatrix(let m):
            return m
        }
    }

    /// Transforms a `width` × `height` region of premultiplied 4-byte pixels (cairo ARGB32: one
    /// native-endian 32-bit word per pixel, alpha in the top byte, rows `stride` bytes apart) in
    /// place.
    ///
    /// A fully transparent pixel counts as transparent black, so it stays transparent unless the
    /// operation gives alpha to black (a matrix with `a5 > 0`, an `alphaThreshold` whose range
    /// includes 0). The result depends only on the input pixels, never on the thread count.
    /// `linearColor` computes on linear-light color, as SwiftUI's `FilterOptions.linearColor`.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, linearColor: Bool = false) {
        guard width > 0, height > 0 else { return }
        /// The pixels; bands touch disjoint rows.
        struct Pixels: @unchecked Sendable { let base: UnsafeMutableRawPointer }
        let image = Pixels(base: UnsafeMutableRawPointer(pixels))
        let bands = width * height >= Self.parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        if let matrix = matrix(linearColor: linearColor) {
            let c = matrix.columns
            let columns = (c[0], c[1], c[2], c[3], c[4])
            ParallelBands.forEach(of: height, bands: bands) { rows in
                // Layers repeat pixels (flat fills, empty space): remember the last one.
                var lastIn: UInt32 = 0
                var lastOut = Self.transform(0, columns, linearColor: linearColor)
                for y in rows {
                    let row = (image.base + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let pixel = row[x]
                        if pixel != lastIn {
                            lastIn = pixel
                            lastOut = Self.transform(pixel, columns, linearColor: linearColor)
                        }
                        row[x] = lastOut
                    }
                }
            }
        } else if case .alphaThreshold(let low, let high, let color) = self {
            // The output depends on the alpha byte alone: one table of 256 pixels. Comparing each
            // level as a fraction keeps the documented bounds exact (0.2 includes 51/255).
            let fill = Self.premultiplied(color)
            let table = (0...255).map { (level: Int) -> UInt32 in
                let alpha = Double(level) / 255
                return alpha >= low && alpha <= high ? fill : 0
            }
            ParallelBands.forEach(of: height, bands: bands) { rows in
                for y in rows {
                    let row = (image.base + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { row[x] = table[Int(row[x] >> 24)] }
                }
            }
        }
    }

    /// Regions smaller than this many pixels are filtered on the calling thread.
    private static let parallelThreshold = 250_000


    /// One premultiplied pixel through the matrix columns.
    @inline(__always)
    private static func transform(_ pixel: UInt32, _ m: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>),
                                  linearColor: Bool) -> UInt32 {
        let a = pixel >> 24
        let inverse: Float = a == 0 ? 0 : 1 / Float(a)
        // Straight color; a channel above its alpha (invalid premultiplied, never made by cairo)
        // counts as full.
        var r = Float(min((pixel >> 16) & 0xFF, a)) * inverse
        var g = Float(min((pixel >> 8) & 0xFF, a)) * inverse
        var b = Float(min(pixel & 0xFF, a)) * inverse
        if linearColor {
            r = linearized(r)
            g = linearized(g)
            b = linearized(b)
        }
        // One typed step at a time: as a single expression of SIMD operators this line took the
        // type checker over half a second, in every build of the library.
        let alphaInput: Float = Float(a) / 255
        var v: SIMD4<Float> = m.0 * r
        v += m.1 * g
        v += m.2 * b
        v += m.3 * alphaInput
        v += m.4
        v = v.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        if linearColor {
            v.x = encoded(v.x)
            v.y = encoded(v.y)
            v.z = encoded(v.z)
        }
        let alpha = (v.w * 255).rounded(.toNearestOrAwayFromZero)
        guard alpha > 0 else { return 0 }
        // Premultiply by the rounded alpha so that no channel exceeds it.
        let c: SIMD4<Float> = (v * alpha).rounded(.toNearestOrAwayFromZero)
        let alphaBits: UInt32 = UInt32(alpha) << 24
        let redBits: UInt32 = UInt32(c.x) << 16
        let greenBits: UInt32 = UInt32(c.y) << 8
        return alphaBits | redBits | greenBits | UInt32(c.z)
    }

    /// A color as a premultiplied pixel, components clamped to 0...1.
    private static func premultiplied(_ color: Color) -> UInt32 {
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        let alpha = (unit(color.alpha) * 255).rounded()
        func level(_ v: Double) -> UInt32 { UInt32((unit(v) * alpha).rounded()) }
        return UInt32(alpha) << 24 | level(color.red) << 16 | level(color.green) << 8 | level(color.blue)
    }

    /// A matrix from its color rows (red, green and blue inputs), a color offset and the alpha scale.
    private static func matrix(red: [Double], green: [Double], blue: [Double], offset: Double = 0, alpha: Double = 1) -> ColorMatrix {
        var m = ColorMatrix()
        (m.r1, m.r2, m.r3, m.r5) = (Float(red[0]), Float(red[1]), Float(red[2]), Float(offset))
        (m.g1, m.g2, m.g3, m.g5) = (Float(green[0]), Float(green[1]), Float(green[2]), Float(offset))
        (m.b1, m.b2, m.b3, m.b5) = (Float(blue[0]), Float(blue[1]), Float(blue[2]), Float(offset))
        m.a4 = Float(alpha)
        return m
    }

    /// The sRGB transfer function, encoded to linear light (IEC 61966-2-1).
    private static func linearized<T: BinaryFloatingPoint>(_ v: T) -> T {
        let x = Double(v)
        return T(x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4))
    }

    /// The sRGB transfer function, linear light to encoded.
    private static func encoded(_ v: Float) -> Float {
        let x = Double(v)
        return Float(x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055)
    }
}
