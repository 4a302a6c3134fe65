import Foundation

/// An image repeated to fill a shape or text, as SwiftUI's `ImagePaint`: a unit rectangle of the
/// image is the tile, drawn `scale` times its own size and repeated in every direction.
///
/// As a shape style the tiles start at the top-leading corner of what is filled; the
/// ``GraphicsContext/Shading/tiledImage(_:origin:sourceRect:scale:)`` shading starts them at a
/// point of the context's coordinates instead. A face of ``Paint/image(_:origin:)``.
public struct ImagePaint: Hashable, Sendable {
    /// The image whose pixels (or, for an SVG, whose drawing) make the tile. A symbol
    /// (`Image(systemName:)`) paints nothing.
    public var image: Image
    /// The part of the image a tile shows, in unit coordinates of the image: (0, 0, 1, 1) is all
    /// of it. Edges are rounded to whole pixels of a bitmap.
    public var sourceRect: CGRect
    /// How many times its own size the tile is drawn (an image's size is its pixels at scale 1).
    public var scale: CGFloat
    /// The tile's opacity: 1 unless made fainter with `opacity(_:)`, which SwiftUI's image paint
    /// also answers through `ShapeStyle`.
    package var opacity: Double = 1

    public init(image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1) {
        self.image = image
        self.sourceRect = sourceRect
        self.scale = scale
    }

    /// The tile's size in points: the source rectangle of the image's size, times `scale`.
    package var tileSize: CGSize {
        CGSize(width: image.size.width * sourceRect.width * scale, height: image.size.height * sourceRect.height * scale)
    }
}

extension ImagePaint: PaintingShapeStyle {
    package var paint: Paint { .image(self, origin: .unit(.topLeading)) }
}

extension ShapeStyle where Self == ImagePaint {
    /// An image repeated as a tile, as SwiftUI's `.image(_:sourceRect:scale:)` shape style.
    public static func image(_ image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                             scale: CGFloat = 1) -> ImagePaint {
        ImagePaint(image: image, sourceRect: sourceRect, scale: scale)
    }
}
