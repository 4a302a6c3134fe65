import Foundation
@testable import RenderPipeline

/// A small tile for image paint tests: 8 × 4 pixels, the left half red, the right half blue,
/// decoded from PNG bytes as a scene's image is.
enum TileFixture {
    static let png: Data = {
        let surface = try! ImageSurface(width: 8, height: 4)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red))
        context.fill(Path(CGRect(x: 4, y: 0, width: 4, height: 4)), with: .color(.blue))
        surface.flush()
        return try! PNGWriter.encode(surface)
    }()

    static var image: Image { try! Image(data: png, path: "/tile.png") }

    /// An SVG of the same halves, 8 × 4 points.
    static let svg = Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="4" height="4" fill="#FF0000"/><rect x="4" width="4" height="4" fill="#0000FF"/></svg>"##.utf8)
}
