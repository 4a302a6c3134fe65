import CScanlines
import Testing

/// `texteffects_pack_rgb` (SSSE3 shuffles on x86, plain C elsewhere) writes each pixel's R, G, B
/// and not a byte more, for every count around its sixteen-pixel steps.
@Suite struct ScanlinePackingTests {
    @Test(arguments: Array(0...40) + [1199, 1200, 1201])
    func packsEveryPixelAndNothingAfter(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let pixels = (0..<count).map { _ in UInt32(0xFF00_0000) | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
        let guardBytes = 64
        var output = [UInt8](repeating: 0xA5, count: count * 3 + guardBytes)
        pixels.withUnsafeBufferPointer { argb in
            output.withUnsafeMutableBufferPointer { texteffects_pack_rgb(argb.baseAddress, $0.baseAddress, count) }
        }
        let expected = pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        #expect(Array(output.prefix(count * 3)) == expected)
        #expect(output.suffix(guardBytes).allSatisfy { $0 == 0xA5 }, "nothing written after the last pixel")
    }
}
