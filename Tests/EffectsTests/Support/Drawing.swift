import Foundation
import TextEffects

/// Draws `layout` with `renderer` on white, 10 points in and 20 down, at `time`.
func render(_ layout: TextLayout, _ renderer: any TextRenderer, time: Double = 0, width: Int = 600, height: Int = 120) throws -> ImageSurface {
    let surface = try ImageSurface(width: width, height: height)
    var context = GraphicsContext(surface: surface, time: time)
    context.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .white)
    context.translateBy(x: 10, y: 20)
    renderer.draw(layout: layout, in: &context)
    return surface
}

/// The pixels (x, y) where two surfaces of one size differ, in rows.
func differingPixels(_ a: ImageSurface, _ b: ImageSurface) -> [(x: Int, y: Int)] {
    precondition(a.width == b.width && a.height == b.height, "surfaces of different sizes")
    return a.withPixels { pa in
        b.withPixels { pb in
            var found: [(x: Int, y: Int)] = []
            for y in 0..<a.height {
                for x in 0..<a.width where (0..<4).contains(where: { pa[y * a.stride + x * 4 + $0] != pb[y * b.stride + x * 4 + $0] }) {
                    found.append((x, y))
                }
            }
            return found
        }
    }
}

/// Whether two surfaces hold the same bytes.
func identical(_ a: ImageSurface, _ b: ImageSurface) -> Bool { differingPixels(a, b).isEmpty }
