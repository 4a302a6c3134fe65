import Foundation

extension SceneRenderer {
    /// The smallest part of the canvas, in pixels, that holds everything the captions draw on
    /// any frame (their text and ink grown by their renderers' padding); nil when the scene draws anything else (blocks, a background, a viewport) or
    /// a caption moves.
    ///
    /// Burning captions into a video sends only this band down the pipe and blends only it,
    /// rather than a mostly transparent full frame. Its corners are on even pixels, so 4:2:0
    /// chroma lines up with the video's.
    package var captionRegion: PixelRect? {
        guard let captions, scene.blocks.isEmpty, scene.canvas.background == nil, scene.canvas.backgroundPaint == nil, scene.viewport == nil else { return nil }
        var bounds = CGRect.null
        for item in captions.items {
            guard case .constant(let offset) = item.block.offset.storage else { return nil }
            let frame = item.block.frame
            bounds = bounds.union(item.geometry.reach.intersection(item.geometry.drawingRect).offsetBy(dx: frame.x + offset.x, dy: frame.y + offset.y))
        }
        let canvas = PixelRect(x: 0, y: 0, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        bounds = bounds.intersection(CGRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height))
        guard !bounds.isNull, !bounds.isEmpty else {
            return PixelRect(x: 0, y: 0, width: min(2, canvas.width), height: min(2, canvas.height))
        }
        let scale = scene.canvas.scale
        let x0 = Int((bounds.minX * scale).rounded(.down)) & ~1, y0 = Int((bounds.minY * scale).rounded(.down)) & ~1
        let x1 = Int((bounds.maxX * scale).rounded(.up)), y1 = Int((bounds.maxY * scale).rounded(.up))
        let rect = PixelRect(x: x0, y: y0, width: (x1 - x0 + 1) & ~1, height: (y1 - y0 + 1) & ~1).intersection(canvas)
        guard !rect.isEmpty else { return PixelRect(x: 0, y: 0, width: min(2, canvas.width), height: min(2, canvas.height)) }
        return rect
    }
}
