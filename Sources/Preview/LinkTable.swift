import Foundation
import TextEffects

/// Every link of the scene with how much of it shows on one frame: `GET /links/N.json`.
struct LinkTable: Encodable {
    struct Row: Encodable {
        var id: Int
        var url: String
        var text: String
        var block: String
        /// The share of the link's area on screen, 0 to 1.
        var ratio: Double
        /// Its visible rectangles on the canvas, in points: `[x, y, width, height]`.
        var rects: [[Double]]
    }

    var frame: Int
    var time: Double
    var links: [Row]

    init(frame: Int, of scene: LoadedScene) {
        let tracker = scene.links
        let visibility = tracker.frame(frame)
        let shown = Dictionary(visibility.visible.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let origin = tracker.viewport.rect.origin
        let round = LayoutDump.round
        self.frame = frame
        time = visibility.time
        links = tracker.links.map { link in
            let seen = shown[link.id]
            return Row(id: link.id, url: link.url, text: link.text, block: link.block, ratio: round(seen?.ratio ?? 0),
                       rects: (seen?.rects ?? []).map { rect in
                           [round(rect.minX + origin.x), round(rect.minY + origin.y), round(rect.width), round(rect.height)]
                       })
        }
    }
}
