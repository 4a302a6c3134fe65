import Foundation

/// Where every link of a laid-out scene is in each frame: its rectangles moved by its block's
/// offset, clipped to the viewport scrolled to that frame's time.
///
/// Pure geometry from the layouts and the timeline, so it never depends on pixels: glyph
/// animations do not move links, block `offset` keyframes and scrolling do. Any frame can be
/// asked for, in any order, from any thread.
package struct LinkTracker: Sendable {
    public let viewport: Viewport
    public let fps: Double
    /// Every link in text order across blocks, with its content rectangles.
    public let links: [SceneLink]
    /// Each block's offset and those of the stacks around it, summed at a time.
    private let offsets: [[Keyframed<CGPoint>]]

    /// The links of `scene` laid out as `layouts` (one per block, in scene order).
    public init(scene: Scene, layouts: [TextLayout]) {
        var links: [SceneLink] = []
        for (blockIndex, (block, layout)) in zip(scene.blocks, layouts).enumerated() {
            for link in layout.links {
                links.append(SceneLink(id: links.count, block: block.id, blockIndex: blockIndex, url: link.url, text: link.text,
                                       rects: link.rects.map { $0.offsetBy(dx: block.frame.x, dy: block.frame.y) }))
            }
        }
        self.init(viewport: scene.effectiveViewport, fps: scene.fps, links: links, offsets: scene.blocks.map { [$0.offset] + $0.stackOffset })
    }

    /// Links given directly; `offsets` holds each block's offsets (its own and its stacks'), indexed by `SceneLink.blockIndex`.
    init(viewport: Viewport, fps: Double, links: [SceneLink], offsets: [[Keyframed<CGPoint>]]) {
        self.viewport = viewport
        self.fps = fps
        self.links = links
        self.offsets = offsets
    }

    /// The links of a scene renderer's laid-out scene.
    public init(_ renderer: SceneRenderer) {
        self.init(scene: renderer.scene, layouts: renderer.layouts)
    }

    /// Frame `index`: the scroll at its time and every link at least partly in view.
    public func frame(_ index: Int) -> LinkFrame {
        let time = Double(index) / fps
        let window = viewport.visibleContent(at: time)
        var visible: [LinkVisibility] = []
        for link in links {
            let offset = offsets[link.blockIndex].reduce(CGPoint.zero) { sum, offset in
                let more = offset.value(at: time)
                return CGPoint(x: sum.x + more.x, y: sum.y + more.y)
            }
            let total = link.area
            guard total > 0 else { continue }
            var parts: [CGRect] = []
            var area = 0.0
            for rect in link.rects {
                let part = rect.offsetBy(dx: offset.x, dy: offset.y).intersection(window)
                guard !part.isNull, part.width > 0, part.height > 0 else { continue }
                area += Double(part.width * part.height)
                parts.append(part.offsetBy(dx: -window.minX, dy: -window.minY))
            }
            guard !parts.isEmpty else { continue }
            visible.append(LinkVisibility(id: link.id, ratio: min(area / total, 1), rects: parts))
        }
        return LinkFrame(frame: index, time: time, scroll: window.origin, visible: visible)
    }
}
