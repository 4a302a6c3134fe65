// A tiled rule under each line, a mark in tiled ink after it and a faded tiled outline, as app code writes them with
// SwiftUI's `ImagePaint` and `GraphicsContext.Shading.tiledImage`.
import SwiftUI

struct TiledInkRenderer: TextRenderer {
    var tile: Image
    var scale: CGFloat = 0.5

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let paint = ImagePaint(image: tile, sourceRect: CGRect(x: 0, y: 0, width: 1, height: 1), scale: scale)
        for line in layout {
            let bounds = line.typographicBounds.rect
            context.fill(Path(CGRect(x: bounds.minX, y: bounds.maxY + 2, width: bounds.width, height: 3)),
                         with: .tiledImage(tile, origin: bounds.origin, scale: scale))
            context.draw(line)
            context.draw(Text("•").foregroundStyle(.image(tile, scale: scale)), at: CGPoint(x: bounds.maxX + 8, y: bounds.midY))
            context.stroke(Path(bounds), with: .style(paint.opacity(0.5)), lineWidth: 1)
        }
    }
}
