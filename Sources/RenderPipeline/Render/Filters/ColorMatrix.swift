/// A matrix to use in an RGBA color transformation, as SwiftUI's `ColorMatrix`.
///
/// The matrix has five columns, each with a red, green, blue and alpha component. A color
/// (R, G, B, A) with straight alpha, components in 0...1, becomes
///
///     R' = r1·R + r2·G + r3·B + r4·A + r5
///     G' = g1·R + g2·G + g3·B + g4·A + g5
///     B' = b1·R + b2·G + b3·B + b4·A + b5
///     A' = a1·R + a2·G + a3·B + a4·A + a5
///
/// each result clamped to 0...1: the SVG `feColorMatrix` matrix, whose rows are named the same
/// way. The fifth column is an offset in the same 0...1 unit, not in 8-bit levels.
public struct ColorMatrix: Hashable, Sendable {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    /// Creates the identity matrix.
    public init() {}

    /// The five columns as (red, green, blue, alpha) vectors, the form the pixel loop multiplies by.
    var columns: [SIMD4<Float>] {
        [SIMD4(r1, g1, b1, a1), SIMD4(r2, g2, b2, a2), SIMD4(r3, g3, b3, a3),
         SIMD4(r4, g4, b4, a4), SIMD4(r5, g5, b5, a5)]
    }
}
