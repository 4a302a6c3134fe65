import Foundation

extension GraphicsContext {
    /// An image ready to draw, as SwiftUI's `GraphicsContext.ResolvedImage`.
    public struct ResolvedImage: Sendable {
        let image: Image
        /// The image's size in points.
        public var size: CGSize { image.size }
        /// The baseline offset an image has in text: its bottom.
        public let baseline: CGFloat = 0
    }

    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage(image: image) }

    /// Draws an image scaled to fill `rect`.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        flushHeldLayers()
        if let recorder { return recorder.append(.image(ImageOperation(image: image.image, rect: rect, state: drawState))) }
        perform(bounds: rect) { cairo in image.image.draw(in: rect, on: cairo) }
    }

    /// Draws an image at its own size with its `anchor` point at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                               width: size.width, height: size.height))
    }

    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }
}
