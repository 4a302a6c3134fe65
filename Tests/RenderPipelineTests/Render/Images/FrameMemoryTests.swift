import CCairo
import Foundation
import Testing
@testable import RenderPipeline

/// Frame-sized buffers come zeroed and aligned to a huge page, and a frame surface's pixels
/// live as long as Cairo holds the surface, not just as long as its `ImageSurface`.
@Suite struct FrameMemoryTests {
    @Test func memoryIsZeroedAlignedAndWritable() throws {
        let byteCount = 3 * FrameMemory.threshold / 2 + 12_345
        let memory = try #require(FrameMemory.allocate(byteCount: byteCount))
        defer { FrameMemory.deallocate(memory, byteCount: byteCount) }
        #expect(Int(bitPattern: memory) % FrameMemory.alignment == 0)
        let bytes = UnsafeMutableRawBufferPointer(start: memory, count: byteCount)
        #expect(bytes.allSatisfy { $0 == 0 })
        bytes[byteCount - 1] = 7
        #expect(bytes[byteCount - 1] == 7)
    }

    @Test func aFrameSurfaceOutlivesItsObjectWhileCairoHoldsIt() throws {
        // 1080 × 1080 × 4 bytes is above the threshold: the surface is over FrameMemory.
        var surface: ImageSurface? = try ImageSurface(width: 1080, height: 1080)
        #expect(surface!.pixel(x: 1079, y: 1079) == .clear, "a new surface is transparent")
        let context = GraphicsContext(surface: surface!)
        context.fill(Path(CGRect(x: 1000, y: 1000, width: 80, height: 80)), with: Color(red: 0, green: 0, blue: 1, alpha: 1))
        let pattern = surface!.withUnsafeCairoSurface { cairo_pattern_create_for_surface($0)! }
        defer { cairo_pattern_destroy(pattern) }
        surface = nil
        // The pattern still holds the pixels: painting it copies the blue square.
        let copy = try ImageSurface(width: 1080, height: 1080)
        copy.withUnsafeCairoSurface { target in
            let cr = cairo_create(target)!
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        #expect(copy.pixel(x: 1040, y: 1040) == Color(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(copy.pixel(x: 10, y: 10) == .clear)
    }
}
