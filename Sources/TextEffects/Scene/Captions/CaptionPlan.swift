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
    /// The last frame (exclusive) of the items under each node of a binary tree over `items`
    /// (node 1 the root, node k's children 2k and 2k + 1, item i the leaf `leaves + i`), so the
    /// pages on a frame are found without looking at every page.
    private let ends: [Int]
    private let leaves: Int

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
        var leaves = 1
        while leaves < items.count { leaves *= 2 }
        var ends = [Int](repeating: Int.min, count: 2 * leaves)
        for (index, item) in items.enumerated() { ends[leaves + index] = item.page.frames.upperBound }
        for node in stride(from: leaves - 1, through: 1, by: -1) { ends[node] = max(ends[2 * node], ends[2 * node + 1]) }
        self.leaves = leaves
        self.ends = ends
    }

    /// The pages on screen on frame `index`, in display order.
    func pages(onFrame index: Int) -> [Item] {
        // Pages start in order: skip those starting after the frame by bisection.
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].page.frames.lowerBound <= index { low = middle + 1 } else { high = middle }
        }
        // Of those before, the ones still on: down the tree into the nodes whose pages end
        // after the frame, left to right.
        var result: [Item] = []
        func visit(_ node: Int, _ first: Int, _ count: Int) {
            guard first < low, ends[node] > index else { return }
            if count == 1 {
                result.append(items[first])
                return
            }
            visit(2 * node, first, count / 2)
            visit(2 * node + 1, first + count / 2, count / 2)
        }
        if !items.isEmpty { visit(1, 0, leaves) }
        return result
    }
}
