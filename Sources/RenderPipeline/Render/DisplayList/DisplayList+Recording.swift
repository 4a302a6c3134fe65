import Foundation

extension DisplayList {
    /// The operations `renderer` draws of `layout` at `time`, on a frame `size` points large
    /// at `scale`, with the text's top-left at `origin`, as it would draw them into pixels.
    package init(recording renderer: any TextRenderer, layout: TextLayout, time: Double = 0,
                 size: CGSize = CGSize(width: 600, height: 120), scale: Double = 1,
                 origin: CGPoint = CGPoint(x: 10, y: 20)) throws {
        // Layers and masks still need a surface to measure against; nothing is drawn into it.
        let surface = try ImageSurface(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        let target = DrawingTarget(surface: surface)
        let recorder = DisplayListRecorder()
        target.recorder = recorder
        var context = GraphicsContext(target: target, pixelWidth: surface.width, pixelHeight: surface.height, scale: scale, time: time)
        context.translateBy(x: origin.x, y: origin.y)
        renderer.draw(layout: layout, in: &context)
        self = recorder.list
    }
}
