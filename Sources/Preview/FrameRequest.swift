import Foundation
import TextEffects

/// One PNG the page can ask for: a frame of a generation, with or without overlays.
struct FrameRequest: Hashable, Sendable {
    var generation: Int
    var frame: Int
    /// The debug effect's line, run and glyph boxes over the text.
    var boxes = false
    /// The link overlay: each visible link's rectangles and ratio.
    var links = false

    /// The frame as PNG bytes: without overlays, the bytes `render` writes for it.
    func png(of scene: LoadedScene) throws -> Data {
        let renderer = try scene.renderer(showingBoxes: boxes)
        let surface = try renderer.renderFrame(frame)
        if links {
            LinkOverlay.draw(scene.links.frame(frame), viewport: scene.links.viewport, on: surface,
                             scale: renderer.scene.canvas.scale, fonts: renderer.fonts)
        }
        return try PNGWriter.encode(surface)
    }
}
