import Foundation
import Testing
@testable import RenderPipeline

/// `ImagePaint` and `Shading.tiledImage` as faces of `Paint.image`: what each becomes, and what
/// the display list records for fills, strokes and text drawn with them.
@Suite struct ImagePaintTests {
    let tile = TileFixture.image

    @Test func theShapeStyleStartsItsTilesAtWhatItFills() {
        let style = ImagePaint(image: tile, sourceRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1), scale: 2)
        guard case .image(let paint, let origin) = style.paint else { Issue.record("\(style.paint)"); return }
        #expect(paint.image == tile && paint.sourceRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 1) && paint.scale == 2)
        #expect(origin == .unit(.topLeading))
        #expect(paint.tileSize == CGSize(width: 8, height: 8))
        // SwiftUI's defaults: the whole image at its own size.
        let plain: ImagePaint = .image(tile)
        #expect(plain.sourceRect == CGRect(x: 0, y: 0, width: 1, height: 1) && plain.scale == 1)
        #expect(AnyShapeStyle(plain).paint == plain.paint)
    }

    @Test func theShadingStartsItsTilesAtAPoint() {
        let shading = GraphicsContext.Shading.tiledImage(tile, origin: CGPoint(x: 3, y: 5), scale: 0.5)
        let context = GraphicsContext(surface: try! ImageSurface(width: 1, height: 1))
        #expect(context.paint(of: shading) == .image(ImagePaint(image: tile, scale: 0.5), origin: .point(CGPoint(x: 3, y: 5))))
        // As a style, the shading keeps the style's unit origin.
        #expect(context.paint(of: .style(ImagePaint(image: tile))) == .image(ImagePaint(image: tile), origin: .unit(.topLeading)))
    }

    @Test func opacityPinningAndOffsetsActOnTheTile() {
        let paint = ImagePaint(image: tile).paint
        guard case .image(let faded, _) = ImagePaint(image: tile).opacity(0.5).paint else { Issue.record("not an image"); return }
        #expect(faded.opacity == 0.5)
        let bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(paint.pinned(to: bounds) == .image(ImagePaint(image: tile), origin: .point(CGPoint(x: 10, y: 20))))
        #expect(paint.pinned(to: bounds).offsetBy(dx: -10, dy: 5) == .image(ImagePaint(image: tile), origin: .point(CGPoint(x: 0, y: 25))))
        // A unit origin is not moved by an offset: it follows what is filled.
        #expect(paint.offsetBy(dx: 4, dy: 4) == paint)
    }

    /// Fills, strokes and glyphs drawn with a tiled image.
    struct Probe: TextRenderer {
        let tile: Image
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .tiledImage(tile, origin: CGPoint(x: 2, y: 1)))
            context.stroke(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .style(ImagePaint(image: tile, scale: 3)), lineWidth: 2)
            var text = context
            text.foregroundPaint = ImagePaint(image: tile).paint
            for line in layout { text.draw(line) }
        }
    }

    @Test func theDisplayListRecordsTheImagePaint() throws {
        TestFonts.pin()
        let layout = TextLayout(Text("Tile"), options: LayoutOptions(width: 200))
        let list = try DisplayList(recording: Probe(tile: tile), layout: layout, size: CGSize(width: 100, height: 40))
        #expect(list.fillOperations.map(\.paint) == [.image(ImagePaint(image: tile), origin: .point(CGPoint(x: 2, y: 1)))])
        let strokes = list.operations.compactMap { if case .stroke(let stroke) = $0 { stroke } else { nil } }
        #expect(strokes.map(\.paint) == [.image(ImagePaint(image: tile, scale: 3), origin: .unit(.topLeading))])
        #expect(!list.glyphOperations.isEmpty)
        #expect(list.glyphOperations.allSatisfy { $0.paint == .image(ImagePaint(image: tile), origin: .unit(.topLeading)) })
    }
}
