import Foundation

/// A scene's captions laid out once: every page with its layout, drawing area and frames.
struct CaptionPlan: Sendable {
    struct Item: Sendable {
        var page: CaptionPage
        var block: Block { page.block }
        var layout: TextLayout
        var geometry: BlockGeometry
        /// Its place in `items`.
        var index = 0
        /// How its frames are cut from images of it; nil when they are drawn.
        var cut: CaptionPageCut?
    }

    /// In order of their first frame.
    let items: [Item]
    /// The images pages are cut from.
    let images = CaptionImageStore()

    init(captions: SceneCaptions, scene: Scene, fonts: FontLibrary) {
        let composer = CaptionComposer(track: captions.track, style: captions.style,
                                       canvas: CGSize(width: scene.canvas.width, height: scene.canvas.height),
                                       rate: scene.frameRate, environment: scene.environment, fonts: fonts)
        var items = composer.pages().map { page in
            let options = page.block.layoutOptions(in: scene.environment)
            let layout = page.block.layout(in: scene.environment, fonts: fonts)
            return Item(page: page, layout: layout, geometry: BlockGeometry(block: page.block, layout: layout, options: options, fonts: fonts))
        }.sorted { $0.page.frames.lowerBound < $1.page.frames.lowerBound }
        let canvas = PixelRect(x: 0, y: 0, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        for index in items.indices {
            items[index].index = index
            items[index].cut = CaptionPageCut(item: items[index], scale: scene.canvas.scale, canvas: canvas)
        }
        self.items = items
    }

    /// The pages on screen on frame `index`, in display order.
    func pages(onFrame index: Int) -> [Item] {
        // Pages start in order: skip those starting after the frame by bisection.
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].page.frames.lowerBound <= index { low = middle + 1 } else { high = middle }
        }
        return items[..<low].filter { $0.page.frames.contains(index) }
    }
}
