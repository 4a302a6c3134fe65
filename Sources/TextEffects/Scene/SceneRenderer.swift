import Foundation

/// A scene laid out once, ready to draw any frame: blocks are laid out when this is created,
/// and each frame costs only drawing.
public final class SceneRenderer: Sendable {
    public let scene: Scene
    /// One layout per block, in scene order.
    public let layouts: [TextLayout]
    package let fonts: FontLibrary
    /// Each block's size and drawing rectangle as its renderers ask for them.
    let geometries: [BlockGeometry]

    public convenience init(scene: Scene) throws {
        try self.init(scene: scene, cutsCaptions: true)
    }

    /// `cutsCaptions`: whether caption frames are cut from images of their pages drawn once
    /// (see ``CaptionPageCut``) rather than drawn every frame; tests compare the two. `fonts`:
    /// the scene's fonts when already loaded (a batch's rows share them).
    /// `limitsAutoHeight`: whether an auto height must fit a canvas (`SceneLimits.maximumCanvasSide`);
    /// false when the scene is only drawn in pages (``page(_:pageHeight:)``).
    ///
    /// `backdrop`: the pixels a template's rows share (a batch's, a served template's); used
    /// for stills of a fixed height only.
    package init(scene: Scene, cutsCaptions: Bool, fonts: FontLibrary? = nil, limitsAutoHeight: Bool = true,
                 backdrop: SceneBackdrop? = nil) throws {
        self.cutsCaptions = cutsCaptions
        let fonts = try fonts ?? FontLibrary.forScene(addingDirectories: scene.fontDirectories)
        self.fonts = fonts
        // Stacks are laid out once, into blocks at their frames, before anything is drawn.
        let resolved = scene.resolvingStacks(fonts: fonts, countingFirst: backdrop?.templateBlocks ?? 0)
        var scene = resolved.scene
        // An auto height differs row by row: such a scene draws its own background.
        if let backdrop, scene.frameCount == 1, !scene.canvas.isHeightAuto,
           backdrop.templateBlocks > 0 || scene.canvas.backgroundPaint != nil {
            self.backdrop = (backdrop, resolved.leadingBlocks)
        } else {
            self.backdrop = nil
        }
        var layouts: [TextLayout] = [], geometries: [BlockGeometry] = []
        for (index, block) in scene.blocks.enumerated() {
            let options = block.layoutOptions(in: scene.environment)
            // A text in a stack may have been laid out at its frame while the stack was sized.
            let layout = resolved.layouts[index] ?? block.layout(in: scene.environment, fonts: fonts)
            layouts.append(layout)
            geometries.append(BlockGeometry(block: block, layout: layout, options: options, fonts: fonts))
        }
        // `"height": "auto"`: the canvas is as tall as what was just laid out.
        scene.canvas = try scene.canvas.resolvingAutoHeight(blocks: scene.blocks, layouts: layouts, geometries: geometries,
                                                            limited: limitsAutoHeight)
        self.scene = scene
        self.layouts = layouts
        self.geometries = geometries
        var streams: [Int: StreamedBlockLayouts] = [:]
        for (index, block) in scene.blocks.enumerated() {
            guard let stream = block.stream else { continue }
            streams[index] = StreamedBlockLayouts(block: block, stream: stream, environment: scene.environment, fonts: fonts, fps: scene.fps)
        }
        self.streams = streams
        captions = scene.captions.map { CaptionPlan(captions: $0, scene: scene, fonts: fonts) }
        region = nil
        pageCuts = [:]
    }

    /// The same layouts drawn into `scene` (this one's, or one that differs only in its canvas
    /// height and viewport: a page of it), shifted to `region` when it is given. Neither uses
    /// the backdrop: a region's frames are drawn shifted, and a page is a window on a taller
    /// canvas, so each draws its own background.
    ///
    /// `pageCuts`: for a page, what it leaves out of or adds to the blocks its breaks cut, by block index.
    init(_ other: SceneRenderer, scene: Scene? = nil, region: PixelRect? = nil, pageCuts: [Int: BlockPageCut] = [:]) {
        self.scene = scene ?? other.scene
        self.pageCuts = pageCuts
        layouts = other.layouts
        fonts = other.fonts
        geometries = other.geometries
        streams = other.streams
        captions = other.captions
        cutsCaptions = other.cutsCaptions
        backdrop = nil
        self.region = region
    }

    /// The streamed blocks by index, each laid out as its answer has arrived at a frame's time;
    /// `layouts` holds their whole answers (what reports measure).
    let streams: [Int: StreamedBlockLayouts]
    /// The backdrop this still's frames start from, and how many of its blocks (stacks laid
    /// out) the backdrop holds.
    private let backdrop: (cache: SceneBackdrop, blocks: Int)?

    /// The scene's captions laid out, each with the frames it shows on.
    let captions: CaptionPlan?
    /// Whether caption frames are cut from images of their pages where they can be.
    let cutsCaptions: Bool

    /// The part of the canvas frames hold, in pixels; nil for the whole canvas.
    package let region: PixelRect?

    /// A page's changes to the blocks its breaks cut (see ``page(_:pageHeight:)``), by block index; empty otherwise.
    let pageCuts: [Int: BlockPageCut]

    /// The same scene drawing only `region` of the canvas (in pixels): frames are that size and
    /// hold exactly those pixels of the whole frame.
    package func cropped(to region: PixelRect) -> SceneRenderer {
        SceneRenderer(self, region: region)
    }

    /// The frame's width and height in pixels: the canvas's, or the region's.
    package var frameSize: (width: Int, height: Int) {
        region.map { ($0.width, $0.height) } ?? (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
    }

    /// Gets `count` frame surfaces of `width` × `height` pixels ready on another thread, and PNG
    /// encoder buffers for as many frames when `encodingPNG` (`opaque`: for frames without
    /// transparency): call it before laying a scene out, so that its first frames start in
    /// memory that is already mapped.
    public static func prepareFrames(width: Int, height: Int, count: Int, encodingPNG: Bool, opaque: Bool = false) {
        // One set per worker: more than one, and there are more frames than one.
        prepareFrames(width: width, height: height, count: count, encodingPNG: encodingPNG, opaque: opaque, oneOfMany: count > 1)
    }

    /// `prepareFrames(width:height:count:encodingPNG:opaque:)` for a render of more frames than
    /// one (`oneOfMany`), whose PNG buffers are then readied for frames encoded as one of many.
    package static func prepareFrames(width: Int, height: Int, count: Int, encodingPNG: Bool, opaque: Bool, oneOfMany: Bool) {
        DispatchQueue.global(qos: .userInitiated).async {
            SurfacePool.shared.prepare(width: width, height: height, count: count)
            if encodingPNG { ScratchBuffers.shared.prepare(width: width, height: height, count: count, opaque: opaque, oneOfMany: oneOfMany) }
        }
    }

    /// Draws frame `index` into a new surface of the canvas's pixel size.
    public func renderFrame(_ index: Int) throws -> ImageSurface {
        let surface = try ImageSurface(width: frameSize.width, height: frameSize.height)
        draw(frame: index, into: surface)
        return surface
    }

    /// Draws frame `index` into `surface`, which must be of the canvas's pixel size.
    public func draw(frame index: Int, into surface: ImageSurface) {
        draw(frame: index, into: surface, rows: nil)
    }

    /// Draws frame `index`, changing only the pixels of `rows` when given: drawing a frame in
    /// horizontal bands gives the same pixels as drawing it whole.
    func draw(frame index: Int, into surface: ImageSurface, rows: Range<Int>?) {
        let time = scene.time(ofFrame: index)
        // What the surface held does not matter: the backdrop's pixels, copied over all of it,
        // are this frame's up to its last shared block.
        if let backdrop, surface.width == scene.canvas.pixelWidth, surface.height == scene.canvas.pixelHeight,
           let raster = backdrop.cache.raster(for: .init(width: surface.width, height: surface.height, time: time, blocks: backdrop.blocks), draw: {
               guard let raster = try? ImageSurface(width: surface.width, height: surface.height) else { return nil }
               draw(index, time: time, into: raster, rows: nil, part: .backdrop(blocks: backdrop.blocks))
               return raster
           }) {
            surface.copyRows(rows ?? 0..<surface.height, from: raster)
            draw(index, time: time, into: surface, rows: rows, part: .overBackdrop(fromBlock: backdrop.blocks))
            return
        }
        draw(index, time: time, into: surface, rows: rows, part: .whole)
    }

    /// Draws frame `index` into `surface` (only `rows` when given): all of it, or the part
    /// of it a backdrop holds, or the rest over a backdrop already in place.
    private func draw(_ index: Int, time: Double, into surface: ImageSurface, rows: Range<Int>?, part: FramePart) {
        // Surfaces are reused from frame to frame: start from transparent unless the background
        // covers every pixel (before a drawing target exists, so rows the encoder found blank
        // are skipped).
        if !backgroundCoversFrame, part.drawsBackground {
            if let rows { surface.clear(rows: rows) } else { surface.clear() }
        }
        var root = GraphicsContext(surface: surface, scale: scene.canvas.scale, time: time)
        root.fonts = fonts
        root.textEnvironment = scene.environment
        if let rows { root.target.limit(toRows: rows) }
        if let region {
            root.translateBy(x: -Double(region.x) / scene.canvas.scale, y: -Double(region.y) / scene.canvas.scale)
        }
        surface.isKnownOpaque = backgroundCoversFrame
        draw(frame: index, time: time, in: root, part: part)
    }

    /// Which part of a frame to draw.
    enum FramePart: Equatable {
        /// The background, every block, then the captions.
        case whole
        /// The background and the first `blocks` blocks.
        case backdrop(blocks: Int)
        /// The blocks from `fromBlock` on, then the captions.
        case overBackdrop(fromBlock: Int)

        /// Whether the part starts the frame: clears it (a background that is not opaque)
        /// and fills the background.
        var drawsBackground: Bool {
            if case .overBackdrop = self { return false }
            return true
        }

        /// The blocks of a scene of `count` blocks the part draws.
        func blocks(of count: Int) -> Range<Int> {
            switch self {
            case .whole: 0..<count
            case .backdrop(let blocks): 0..<min(blocks, count)
            case .overBackdrop(let first): min(first, count)..<count
            }
        }
    }

    /// Draws frame `index` (at `time`) through `root`, a context on the whole frame: the
    /// background, every block, then the captions (or `part` of that).
    func draw(frame index: Int, time: Double, in root: GraphicsContext, part: FramePart = .whole) {
        var root = root
        if part.drawsBackground {
            if let paint = scene.canvas.backgroundPaint {
                root.fill(Path(scene.canvas.backgroundRect), with: paint)
            } else if let background = scene.canvas.background {
                root.fill(Path(scene.canvas.backgroundRect), with: background)
            }
        }
        // Captions are over the frame itself, not scrolled with the content.
        let frameContext = root
        if let viewport = scene.viewport {
            // Content point p + scroll appears at viewport point p; nothing shows outside the window.
            let scroll = viewport.scroll.value(at: time)
            root.clip(to: viewport.rect)
            root.translateBy(x: viewport.rect.minX - scroll.x, y: viewport.rect.minY - scroll.y)
        }
        for index in part.blocks(of: scene.blocks.count) {
            if let stream = streams[index] {
                drawStreamed(stream.state(at: time), in: root, time: time)
            } else {
                draw(scene.blocks[index], layout: layouts[index], geometry: geometries[index], in: root, time: time, pageCut: pageCuts[index])
            }
        }
        if case .backdrop = part { return }
        for caption in captions?.pages(onFrame: index) ?? [] {
            // A vector page draws captions as text, not cut from pictures of their pages.
            if cutsCaptions, root.target.surface != nil, drawCut(caption, in: frameContext, time: time) { continue }
            draw(caption.block, layout: caption.layout, geometry: caption.geometry, in: frameContext, time: time)
        }
    }

    /// Draws one block (its background, decorations and renderers, faded by its opacity) at `time`.
    ///
    /// `scroll`: how far the text is moved up inside the block's frame, which then clips it (a
    /// streamed answer following its end); the background stays. `pageCut`: what a page leaves
    /// out of the block or adds to it.
    func draw(_ block: Block, layout: TextLayout, geometry: BlockGeometry, in root: GraphicsContext, time: Double, scroll: Double = 0,
              pageCut: BlockPageCut? = nil) {
        let offset = block.offset(at: time)
        let opacity = block.opacity(at: time)
        guard opacity > 0 else { return }
        var context = root
        context.translateBy(x: block.frame.x + offset.x, y: block.frame.y + offset.y)
        let renderer = block.renderer
        if let shape = block.shape {
            drawShape(shape, of: block, opacity: opacity, in: context)
            return
        }
        if let image = block.image {
            drawImage(image, of: block, opacity: opacity, in: context)
            return
        }
        let draw = { (context: inout GraphicsContext) in
            if let background = block.background {
                let box = background.rect(for: layout, frame: block.frame, size: geometry.size)
                let path = background.path(in: box)
                context.fill(path, with: background.paint)
                if let stroke = background.stroke {
                    context.stroke(path, with: stroke.paint, lineWidth: stroke.width, dash: stroke.dash)
                }
            }
            if scroll != 0 {
                context.clip(to: CGRect(x: -100_000, y: 0, width: 200_000, height: block.frame.height ?? 0))
                context.translateBy(x: 0, y: -scroll)
            }
            context.drawDecorations(of: layout)
            var text = context
            if let pageCut {
                for edge in pageCut.edges {
                    if case .fill(let color) = edge.kind { context.fill(Path(edge.rect), with: color) }
                }
                if !pageCut.hiddenText.isEmpty {
                    var hidden = Path()
                    hidden.addRects(pageCut.hiddenText)
                    text.clip(to: hidden, options: .inverse)
                }
            }
            // Renderers draw within the text's bounds grown by their displayPadding, as in SwiftUI.
            text.makeCurrentSpaceBase()
            context.withDeviceClip(covering: geometry.drawingRect) { renderer.draw(layout: layout, in: &text) }
        }
        if opacity < 1 {
            // Fade the block as one image, so overlapping glyphs and effects do not show through.
            context.opacity(opacity)
            context.drawLayer(bounds: geometry.drawingRect.offsetBy(dx: 0, dy: -scroll).union(block.background.map {
                $0.rect(for: layout, frame: block.frame, size: geometry.size)
            } ?? .null)) { layer in draw(&layer) }
        } else {
            draw(&context)
        }
    }

    /// Draws a shape block filling its frame, in `context` already moved to the frame's origin.
    private func drawShape(_ shape: ShapeBlock, of block: Block, opacity: Double, in context: GraphicsContext) {
        let rect = CGRect(x: 0, y: 0, width: block.frame.width, height: block.frame.height ?? 0)
        guard opacity < 1 else { return shape.draw(in: rect, context: context) }
        var faded = context
        faded.opacity(opacity)
        faded.drawLayer(bounds: shape.drawingRect(in: rect)) { shape.draw(in: rect, context: $0) }
    }

    /// Draws an image block filling its frame, in `context` already moved to the frame's origin.
    private func drawImage(_ image: ImageBlock, of block: Block, opacity: Double, in context: GraphicsContext) {
        let rect = CGRect(x: 0, y: 0, width: block.frame.width, height: block.frame.height ?? 0)
        guard opacity < 1 else { return image.draw(in: rect, context: context) }
        var faded = context
        faded.opacity(opacity)
        faded.drawLayer(bounds: rect.insetBy(dx: -1, dy: -1)) { image.draw(in: rect, context: $0) }
    }

    /// Renders `frames` on `concurrency` threads, handing each finished frame to `deliver`
    /// (called concurrently, in no particular order). Each frame gets a surface of its own, so
    /// `deliver` may keep it. The first error stops the rest.
    public func renderFrames<Frames: RandomAccessCollection<Int> & Sendable>(
        _ frames: Frames, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        deliver: @escaping @Sendable (Int, ImageSurface) throws -> Void) throws {
        try render(frames, to: ClosureSink(deliver: deliver), concurrency: concurrency, reusingSurfaces: false)
    }

    /// Renders `frames` in parallel into `sink`, in order when the sink needs it (a video
    /// stream), then finishes it; on failure the sink is cancelled and nothing is left behind.
    /// `frames` may be a range: nothing is allocated per frame up front.
    public func render<Frames: RandomAccessCollection<Int> & Sendable>(
        _ frames: Frames, to sink: any FrameSink, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable () -> Void)? = nil) throws {
        try render(frames, to: sink, concurrency: concurrency, reusingSurfaces: true, progress: progress)
    }

    /// Like `render(_:to:concurrency:progress:)`, but stops between frames once `isCancelled`
    /// says so (an interrupted command line): frames already written stay, the sink is
    /// cancelled, and `CancellationError` is thrown.
    ///
    /// `givingBackSurfaces`: the frame surfaces go to ``SurfacePool`` when done, for the next
    /// render of that size (a batch's next row) to draw into; only for sinks that keep no
    /// surface after `write` returns.
    package func render<Frames: RandomAccessCollection<Int> & Sendable>(
        _ frames: Frames, to sink: any FrameSink, concurrency: Int, isCancelled: @escaping @Sendable () -> Bool,
        givingBackSurfaces: Bool = false, progress: (@Sendable () -> Void)? = nil) throws {
        try render(frames, to: sink, concurrency: concurrency, reusingSurfaces: true, givingBackSurfaces: givingBackSurfaces,
                   isCancelled: isCancelled, progress: progress)
    }

    private func render<Frames: RandomAccessCollection<Int> & Sendable>(
        _ frames: Frames, to sink: any FrameSink, concurrency: Int, reusingSurfaces: Bool, givingBackSurfaces: Bool = false,
        isCancelled: (@Sendable () -> Bool)? = nil, progress: (@Sendable () -> Void)? = nil) throws {
        if frames.count == 1, concurrency > 1, region == nil, let writer = sink as? PNGFrameWriter, let only = frames.first {
            let done: Bool
            do { done = try renderBanded(only, to: writer) } catch {
                sink.cancel()
                throw error
            }
            if done {
                progress?()
                try sink.finish()
                return
            }
        }
        let workers = max(1, min(concurrency, frames.count))
        let queue = WorkQueue(frames, window: sink.needsOrderedFrames ? 2 * workers : .max)
        let turns = DrawingTurns(workers: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // Each worker draws every frame into one surface of its own: sinks are done with a
            // frame when `write` returns, and reusing it saves clearing 8 MB of fresh memory a frame.
            var reusable: ImageSurface?
            while let (position, frame) = queue.next() {
                if isCancelled?() == true {
                    queue.fail(CancellationError())
                    break
                }
                do {
                    let surface = try reusable ?? frameSurface()
                    if reusingSurfaces { reusable = surface }
                    turns.draw { draw(frame: frame, into: surface) }
                    func write() throws {
                        // The next frame is drawn over this one (`draw` clears what the background
                        // does not cover), so a PNG writer may pack its scanlines over the pixels.
                        if reusingSurfaces, let writer = sink as? PNGFrameWriter {
                            try writer.write(consuming: surface, frame: frame)
                        } else {
                            try sink.write(surface, frame: frame)
                        }
                    }
                    if sink.needsOrderedFrames {
                        try queue.inOrder(position) { try turns.write(write) }
                    } else {
                        try turns.write(write)
                    }
                    progress?()
                } catch {
                    queue.fail(error)
                }
            }
            if givingBackSurfaces, let reusable { SurfacePool.shared.giveBack(reusable) }
        }
        if let error = queue.error {
            sink.cancel()
            throw error
        }
        try sink.finish()
    }

    /// Renders one opaque PNG frame in bands, each band's rows compressed on a second core
    /// while the next is drawn: a still with a core to spare. Returns false, having done
    /// nothing, for frames this does not suit (transparent, or too small to split).
    private func renderBanded(_ frame: Int, to writer: PNGFrameWriter) throws -> Bool {
        let canvas = scene.canvas
        guard canvas.isOpaque else { return false }
        let bands = PNGEncoding.partRows(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: true)
        guard bands.count > 1 else { return false }
        let surface = try frameSurface()
        draw(frame: frame, into: surface, rows: bands[0])
        let encoding = PNGEncoding(surface, knownOpaque: true, compression: writer.compression)
        encoding.startNextPart()
        for band in bands.dropFirst() {
            draw(frame: frame, into: surface, rows: band)
            encoding.startNextPart()
        }
        try writer.write(encoding.finish(), frame: frame)
        return true
    }

    /// A surface of the canvas's pixel size: one prepared during layout, or given back by an
    /// earlier render, if any is left. A given-back surface holds that render's last frame (or
    /// the scanlines its PNG was packed into): `draw` clears it unless the background covers it.
    private func frameSurface() throws -> ImageSurface {
        let (width, height) = frameSize
        guard let (surface, _) = SurfacePool.shared.take(width: width, height: height) else {
            return try ImageSurface(width: width, height: height)
        }
        return surface
    }

    /// Whether the background covers every pixel of a frame, opaque: an opaque background
    /// (which fills the canvas's whole pixel frame, `Canvas.backgroundRect`) drawn whole, not a
    /// region of it. Then the frame's drawing leaves no pixel as it found it, so a surface
    /// holding another frame is as good as a fresh one; otherwise it is cleared first.
    private var backgroundCoversFrame: Bool {
        scene.canvas.isOpaque && region == nil
    }
}

/// Hands out frame numbers to worker threads until done or failed, and, for ordered output,
/// lets each finished frame through only in its turn and no further than a window ahead.
private final class WorkQueue<Items: RandomAccessCollection<Int> & Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let items: Items
    private var position = 0
    /// Position of the next frame to be delivered, for ordered output.
    private var nextToDeliver = 0
    private let window: Int
    private(set) var error: Error?

    init(_ items: Items, window: Int = .max) {
        self.items = items
        self.window = window
    }

    /// The next frame to render and its position in the output, waiting while the ordered
    /// window is full so no more than `window` finished frames are held at once.
    func next() -> (position: Int, frame: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while error == nil, position < items.count, position >= nextToDeliver + window { condition.wait() }
        guard error == nil, position < items.count else { return nil }
        position += 1
        return (position - 1, items[items.index(items.startIndex, offsetBy: position - 1)])
    }

    /// Runs `deliver` when every frame before `position` has been delivered.
    func inOrder(_ position: Int, _ deliver: () throws -> Void) throws {
        condition.lock()
        defer { condition.unlock() }
        while error == nil, nextToDeliver != position { condition.wait() }
        guard error == nil else { return }
        try deliver()
        nextToDeliver += 1
        condition.broadcast()
    }

    func fail(_ error: Error) {
        condition.lock()
        if self.error == nil { self.error = error }
        condition.broadcast()
        condition.unlock()
    }
}
