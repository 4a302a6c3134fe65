import Foundation

extension SceneRenderer {
    /// Draws a caption page at `time` cut from images of it (``CaptionPageCut``), making the
    /// images it needs first; false, having drawn nothing, when the page or this frame of it
    /// cannot be cut, so the caller draws it as usual.
    func drawCut(_ item: CaptionPlan.Item, in context: GraphicsContext, time: Double) -> Bool {
        guard let captions, let cut = item.cut, let columns = cut.columns(at: time) else { return false }
        var groups: [(key: CaptionPageCut.Key, columns: [Range<Int>])] = []
        for (key, range) in columns {
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].columns.append(range) } else { groups.append((key, [range])) }
        }
        var images: [ImageSurface] = []
        for group in groups {
            guard let image = captions.images.image(page: item.index, key: group.key, make: { drawImage(of: item, cut: cut, key: group.key) })
            else { return false }
            images.append(image)
        }
        // Every call maps pixels alike: the first refuses (drawing nothing) or all draw.
        for (image, group) in zip(images, groups) {
            guard context.drawFramePixels(of: image, columns: group.columns, atFramePixelX: cut.area.x, y: cut.area.y) else { return false }
        }
        return true
    }

    /// The page with its words in the state `key` names, drawn as a frame would draw it, into
    /// an image of `cut.area`.
    private func drawImage(of item: CaptionPlan.Item, cut: CaptionPageCut, key: CaptionPageCut.Key) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: cut.area.width, height: cut.area.height) else { return nil }
        let scale = scene.canvas.scale
        var context = GraphicsContext(surface: surface, scale: scale, time: 0)
        context.fonts = fonts
        context.textEnvironment = scene.environment
        context.translateBy(x: -Double(cut.area.x) / scale, y: -Double(cut.area.y) / scale)
        var block = item.block
        if cut.words != nil {
            block.effects[1] = CaptionWordStateRenderer(cut: cut, key: key)
        }
        draw(block, layout: item.layout, geometry: item.geometry, in: context, time: 0)
        return surface
    }
}
