import Foundation

/// A drawing destination with its own transform, opacity, blend mode, clip and filters, as
/// SwiftUI's `GraphicsContext`: a value, so changing a copy never affects the original, while
/// every copy draws into the same frame.
///
/// Text renderers receive one per frame with `time` set; `draw(_:)` of a line, run or slice
/// draws it where the layout put it, through the renderers stacked after this one.
public struct GraphicsContext {
    package var target: DrawingTarget
    var matrix: CairoMatrix
    /// The user space `transform` is relative to: the text's origin for a renderer's context.
    var baseMatrix: CairoMatrix
    var clips: [Clip] = []
    /// Masks from `clipToLayer`, in the target's device pixels.
    var masks: [LayerMask] = []
    var filters: [Filter] = []
    /// Where this context's target lies on the frame, in device pixels: (0, 0) but in a layer.
    var targetOrigin = (x: 0, y: 0)

    /// The opacity of what is drawn from now on (0…1), as SwiftUI's `opacity`.
    public var opacity: Double = 1

    /// How what is drawn from now on is composited onto what is already there.
    public var blendMode: BlendMode = .normal

    /// Seconds since the animation started; renderers animate from this.
    public var time: Double

    /// The fonts of the scene being drawn (its `fonts.directories` included), for text a
    /// renderer lays out itself, such as a cursor or a label.
    public var fonts: FontLibrary = .system

    /// The Dynamic Type size and language the scene lays its text out in.
    package var textEnvironment = TextEnvironment()

    /// When set, glyphs drawn through this context use this paint instead of their run's color
    /// (decorations keep theirs): gradient fills, shimmer highlights, color animation.
    public var foregroundPaint: Paint?

    /// When set, glyph outlines are stroked with this paint and width (points) under their fill.
    public var glyphStroke: (paint: Paint, width: Double)?

    /// Variable-font axis values (`["wght": 650]`) glyphs drawn through this context take on
    /// top of their font's own; positions stay as laid out. Fonts without the axis ignore it.
    public var fontVariations: [String: Double] = [:]

    /// The frame's size in points.
    public let canvasSize: CGSize

    /// Pixels per point of the frame (2 for @2x output).
    public let displayScale: Double

    /// A context drawing into `surface`, whose pixels are `scale` per point.
    public init(surface: ImageSurface, scale: Double = 1, time: Double = 0) {
        self.init(target: DrawingTarget(surface: surface), pixelWidth: surface.width, pixelHeight: surface.height, scale: scale, time: time)
    }

    /// A context drawing into `target`, `pixelWidth` × `pixelHeight` device pixels, `scale` per point.
    init(target: DrawingTarget, pixelWidth: Int, pixelHeight: Int, scale: Double, time: Double) {
        self.target = target
        matrix = .scaling(scale)
        baseMatrix = matrix
        self.time = time
        displayScale = scale
        canvasSize = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// A clip path with the transform it was given in.
    struct Clip {
        var path: Path
        var matrix: CairoMatrix
        var evenOdd = false
        /// Keep what lies outside the path instead.
        var inverse = false
    }

    /// A `clipToLayer` mask: its alpha scales what is drawn.
    struct LayerMask {
        /// What the mask is made of.
        enum Content {
            /// Pixels: on a raster target, or a mask that must be pixels (an inverse one).
            case pixels(ImageSurface)
            /// A Cairo group of a vector page, in its device units: sharp at any zoom.
            case vector(CairoGroupPattern)
        }

        var content: Content
        /// Where the mask's top-left (device origin) lies on the target.
        var x: Int, y: Int

        init(surface: ImageSurface, x: Int, y: Int) {
            content = .pixels(surface)
            self.x = x
            self.y = y
        }

        init(vector pattern: CairoGroupPattern, x: Int = 0, y: Int = 0) {
            content = .vector(pattern)
            self.x = x
            self.y = y
        }
    }

    // MARK: Transform, opacity, clip, filters

    /// The transform from current coordinates to frame points (`transform` is relative to the
    /// renderer's origin instead).
    public var canvasTransform: CGAffineTransform {
        let m = matrix
        let s = 1 / displayScale
        // In a layer, device pixels start at the layer's place on the frame.
        return CGAffineTransform(a: m.xx * s, b: m.yx * s, c: m.xy * s, d: m.yy * s,
                                 tx: (m.x0 + Double(targetOrigin.x)) * s, ty: (m.y0 + Double(targetOrigin.y)) * s)
    }

    /// Makes the current user space the one `transform` is relative to (the text's origin).
    package mutating func makeCurrentSpaceBase() { baseMatrix = matrix }

    public mutating func translateBy(x: CGFloat, y: CGFloat) { matrix.translate(Double(x), Double(y)) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { matrix.scale(Double(x), Double(y)) }
    /// Rotates by `angle` radians, clockwise in y-down coordinates.
    public mutating func rotate(by angle: Double) { matrix.rotate(angle) }

    /// Multiplies the opacity of everything drawn from now on.
    public mutating func opacity(_ factor: Double) { opacity *= min(max(factor, 0), 1) }

    /// Intersects the clip with `rect`, in current coordinates.
    public mutating func clip(to rect: CGRect) { clip(to: Path(rect)) }

    /// Maps a point from current coordinates to frame points.
    public func convertToCanvas(_ point: CGPoint) -> CGPoint {
        let (x, y) = matrix.apply(Double(point.x), Double(point.y))
        return CGPoint(x: (x + Double(targetOrigin.x)) / displayScale, y: (y + Double(targetOrigin.y)) / displayScale)
    }

    // MARK: Drawing primitives

    /// Fills a path with a colour, gradient or style, as SwiftUI's `fill(_:with:style:)`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        flushHeldLayers()
        let bounds = path.boundingRect
        guard !bounds.isNull else { return }
        if let recorder {
            return recorder.append(.fill(FillOperation(path: path, paint: paint(of: shading), style: style, state: drawState)))
        }
        drawFill(path, with: paint(of: shading), style: style)
    }

    /// Fills a path in this context's state, into the target.
    func drawFill(_ path: Path, with paint: Paint, style: FillStyle) {
        let bounds = path.boundingRect
        guard !bounds.isNull else { return }
        perform(bounds: bounds) { cairo in
            cairo.fill(path, with: paint, bounds: bounds, style: style)
        }
    }

    /// Fills a path with a color or a gradient spanning the path's bounds.
    @_disfavoredOverload
    package func fill(_ path: Path, with paint: Paint) { fill(path, with: Shading(paint)) }

    public func fill(_ path: Path, with color: Color) { fill(path, with: Shading(.color(color))) }

    /// Strokes a path's outline, as SwiftUI's `stroke(_:with:style:)`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        flushHeldLayers()
        let bounds = path.boundingRect
        guard !bounds.isNull else { return }
        if let recorder {
            return recorder.append(.stroke(StrokeOperation(path: path, paint: paint(of: shading), style: style, state: drawState)))
        }
        drawStroke(path, with: paint(of: shading), style: style)
    }

    /// Strokes a path in this context's state, into the target.
    func drawStroke(_ path: Path, with source: Paint, style: StrokeStyle) {
        let bounds = path.boundingRect
        guard !bounds.isNull else { return }
        // Miter joins can reach miterLimit × half the width past a corner.
        let reach = style.lineWidth * Swift.max(1, style.lineJoin == .miter ? style.miterLimit / 2 : 1)
        let stroked = bounds.insetBy(dx: -reach, dy: -reach)
        perform(bounds: stroked) { cairo in
            // An angular gradient is a mesh reaching only as far as the bounds it is given:
            // those of everything the stroke paints.
            let sourceBounds: CGRect
            if case .angularGradient = source { sourceBounds = stroked } else { sourceBounds = bounds }
            cairo.stroke(path, with: source, bounds: sourceBounds, style: style)
        }
    }

    /// Strokes a path's outline `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes a path; `dash` lists on/off lengths in points.
    @_disfavoredOverload
    package func stroke(_ path: Path, with paint: Paint, lineWidth: Double = 1, dash: [Double] = []) {
        stroke(path, with: Shading(paint), style: StrokeStyle(lineWidth: lineWidth, dash: dash.map { CGFloat($0) }))
    }

    public func stroke(_ path: Path, with color: Color, lineWidth: Double = 1, dash: [Double] = []) {
        stroke(path, with: Shading(.color(color)), style: StrokeStyle(lineWidth: lineWidth, dash: dash.map { CGFloat($0) }))
    }

    /// Draws into an offscreen layer that is composited with this context's opacity, blend
    /// mode, filters and clip as one image, as SwiftUI's `drawLayer(content:)` (the same signature,
    /// so a function reference or a protocol that names it matches).
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        try drawLayer(bounds: nil, content: content)
    }

    /// Draws into an offscreen layer as `drawLayer(content:)` does, no larger than `bounds`
    /// (current coordinates), or as large as the clip when nil.
    public func drawLayer(bounds: CGRect?, content: (inout GraphicsContext) throws -> Void) rethrows {
        flushHeldLayers()
        try perform(bounds: bounds, forceLayer: true) { layerContext, _ in try content(&layerContext) }
    }

    // MARK: Plumbing

    /// In the last renderer of a stack, puts the layers its text drawn through outer renderers'
    /// layers waits in into its list before a shape is drawn over that text, so shapes and text
    /// keep the order the renderer drew them in.
    func flushHeldLayers() {
        if let recorder, recorder.flushesHeldLayersBeforeShapes { recorder.flushHeldLayers() }
    }

    /// Runs a drawing operation with this context's state: directly when no layer is needed,
    /// else in an offscreen layer limited to `bounds` (current coordinates) plus filter reach.
    func perform(bounds: CGRect?, forceLayer: Bool = false, _ body: (CairoContext) throws -> Void) rethrows {
        try perform(bounds: bounds, forceLayer: forceLayer) { (_: inout GraphicsContext, cairo: CairoContext) in try body(cairo) }
    }

    /// As `perform(bounds:_:)`, giving the body the context that draws into the layer as well.
    /// `covering`, pixels of the frame (not of a layer) the layer must hold besides `bounds`.
    func perform(bounds: CGRect?, forceLayer: Bool = false, covering: PixelRect? = nil,
                 _ body: (inout GraphicsContext, CairoContext) throws -> Void) rethrows {
        if forceLayer, let recorder { return try recordLayer(recorder, bounds: bounds, body) }
        let cairo = target.cairo
        if filters.isEmpty && opacity >= 1 && masks.isEmpty && !forceLayer {
            try cairo.withSavedState {
                applyClips(cairo)
                cairo.setBlendMode(blendMode)
                cairo.matrix = matrix
                target.isTouched = true
                var same = self
                try body(&same, cairo)
            }
            return
        }
        let alpha = min(opacity, 1)
        guard alpha > 0 else { return }
        // On an SVG or PDF page a layer is a Cairo group, drawn as vectors (through its masks,
        // each a nested group); only filters need pixels, which the image layer below makes
        // within its bounds.
        if target.surface == nil, filters.isEmpty {
            return try performInGroup(alpha: alpha, body)
        }
        let reach = Self.pixelDistance(filters.reduce(0) { $0 + $1.padding } * matrixScale)
        var region = target.deviceRect
        if let bounds, !bounds.isNull {
            var wanted = deviceRect(of: bounds, outsetBy: reach)
            if let covering, !covering.isEmpty {
                let extra = Int(reach.rounded(.up))
                let moved = covering.offsetBy(dx: -targetOrigin.x, dy: -targetOrigin.y)
                wanted = wanted.union(PixelRect(x: moved.x - extra, y: moved.y - extra,
                                                width: moved.width + 2 * extra, height: moved.height + 2 * extra))
            }
            region = wanted.intersection(target.deviceRect)
        }
        // A layer whose pixels all fall outside the rows being drawn cannot change any.
        guard !region.isEmpty, !region.intersection(target.drawableRect).isEmpty,
              let surface = try? ImageSurface(width: region.width, height: region.height) else { return }
        let layerTarget = DrawingTarget(surface: surface)
        var inner = self
        inner.target = layerTarget
        let shift = CairoMatrix.translation(Double(-region.x), Double(-region.y))
        inner.matrix = matrix.concatenating(shift)
        inner.baseMatrix = baseMatrix.concatenating(shift)
        inner.targetOrigin = (targetOrigin.x + region.x, targetOrigin.y + region.y)
        inner.clips = []
        inner.masks = []
        inner.filters = []
        inner.opacity = 1
        inner.blendMode = .normal
        layerTarget.cairo.matrix = inner.matrix
        // A drawing operation draws into its layer; a forced layer is drawn into by what it holds.
        layerTarget.isTouched = !forceLayer
        try body(&inner, layerTarget.cairo)
        // A layer nothing was drawn into changes no pixel: skip its filters and compositing.
        guard layerTarget.isTouched else { return }
        target.isTouched = true
        for filter in filters { Self.apply(filter, to: layerTarget, scale: matrixScale) }
        if !masks.isEmpty || (alpha < 1 && blendMode != .normal) {
            // Opacity and masks scale the layer's pixels, so any blend mode composites the result.
            layerTarget.cairo.keepAlpha(of: masks.map { var mask = $0; mask.x -= region.x; mask.y -= region.y; return mask }, times: alpha)
            surface.flush()
            composite(surface, at: region, alpha: 1, on: cairo)
        } else {
            composite(surface, at: region, alpha: alpha, on: cairo)
        }
        surface.flush()
    }

    /// Paints a finished layer onto the target at `region`, through the clips, in the blend mode.
    private func composite(_ layer: ImageSurface, at region: PixelRect, alpha: Double, on cairo: CairoContext) {
        cairo.withSavedState {
            applyClips(cairo)
            cairo.paint(layer, atDeviceX: Double(region.x), y: Double(region.y), alpha: alpha, blendMode: blendMode)
        }
    }

    /// The average scale of the current transform: how many device pixels a point is.
    var matrixScale: Double {
        let m = matrix
        return ((m.xx * m.yy - m.xy * m.yx).magnitude).squareRoot()
    }

    func applyClips(_ cairo: CairoContext) {
        for clip in clips {
            cairo.clip(to: clip.path, matrix: clip.matrix, evenOdd: clip.evenOdd, inverseWithin: clip.inverse ? target.deviceRect : nil)
        }
    }

    /// The device pixels covered by a rectangle in current coordinates, grown by `outset` pixels.
    func deviceRect(of rect: CGRect, outsetBy outset: Double) -> PixelRect {
        let m = matrix
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let (x, y) = m.apply(Double(cx), Double(cy))
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        let x0 = Self.pixel((minX - outset).rounded(.down)), y0 = Self.pixel((minY - outset).rounded(.down))
        let x1 = Self.pixel((maxX + outset).rounded(.up)), y1 = Self.pixel((maxY + outset).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The farthest device coordinate kept, ±2³⁰: far past any surface (Cairo's are at most
    /// 32767 a side), near enough that differences of two never overflow.
    static let pixelBound = 0x1p30

    /// A whole device coordinate as an `Int`, held within ±`pixelBound`; NaN (a transform or
    /// size gone wrong in the caller) is 0, so such a rectangle is empty rather than a trap.
    static func pixel(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, -pixelBound), pixelBound))
    }

    /// A distance in device pixels (a filter's reach), held within 0…`pixelBound`.
    static func pixelDistance(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), pixelBound)
    }

    private static func apply(_ filter: Filter, to layer: DrawingTarget, scale: Double) {
        guard let surface = layer.surface else { return }
        switch filter.kind {
        case .blur(let radius):
            surface.withPixels { bytes in
                BoxBlur.apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                              width: surface.width, height: surface.height, stride: surface.stride, sigma: radius * scale)
            }
        case .color(let colorFilter):
            surface.withPixels { bytes in
                colorFilter.apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width: surface.width,
                                  height: surface.height, stride: surface.stride, linearColor: filter.linearColor)
            }
        case .shadow(let color, let radius, let dx, let dy, let blendMode, let options):
            layer.castShadow(color: color, radius: radius, dx: dx, dy: dy, blendMode: blendMode, options: options, scale: scale)
        }
    }
}
