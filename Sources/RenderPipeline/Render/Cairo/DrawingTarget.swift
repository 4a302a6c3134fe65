import CCairo

/// The surface a graphics context draws into: a frame, or an offscreen layer of one.
///
/// Owns one Cairo context. A layer covers only part of its parent; contexts drawing into it carry
/// a transform that already includes the layer's offset. A vector target (a page of an SVG or
/// PDF document) has no pixels of its own: its device units are the frame's pixels.
package final class DrawingTarget {
    let cairo: CairoContext
    /// The pixels drawn into; nil for a vector target.
    package let surface: ImageSurface?
    /// The pixels of this target, in its own coordinates.
    let deviceRect: PixelRect
    /// The only pixels drawing may change, when a frame is drawn in bands.
    private(set) var drawableRect: PixelRect
    /// The pixels the block being drawn is clipped to (its text grown by `displayPadding`).
    var blockClip: PixelRect?
    /// Whether anything was drawn into it: an untouched layer is neither filtered nor composited.
    var isTouched = false
    /// Where drawing goes instead of pixels when a display list is being recorded.
    var recorder: DisplayListRecorder?
    /// In a renderer stack, what the outer renderers drew of the text, which text drawn here passes through.
    var outerGlyphs: OuterGlyphs?

    init(surface: ImageSurface) {
        self.surface = surface
        surface.knownBlankRows = []
        deviceRect = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        drawableRect = deviceRect
        cairo = CairoContext(surface: surface)
    }

    /// A target recording into `recorder` what is drawn on `other`: the same pixels, block clip
    /// and rows (so a renderer's questions get the same answers), none of them changed.
    init(recording recorder: DisplayListRecorder, like other: DrawingTarget, outerGlyphs: OuterGlyphs?) {
        surface = other.surface
        deviceRect = other.deviceRect
        drawableRect = other.drawableRect
        blockClip = other.blockClip
        cairo = other.cairo
        self.recorder = recorder
        self.outerGlyphs = outerGlyphs
    }

    /// A page of an SVG or PDF document `width` × `height` device units (the frame's pixels).
    init(vectorPage cairo: CairoContext, width: Int, height: Int) {
        surface = nil
        deviceRect = PixelRect(x: 0, y: 0, width: width, height: height)
        drawableRect = deviceRect
        self.cairo = cairo
    }

    /// Leaves every pixel outside `rows` untouched from now on: a clip under all of Cairo's
    /// saves and restores. Layers are still sized by their own bounds, so effects near the
    /// band's edges see everything they would without it.
    package func limit(toRows rows: Range<Int>) {
        drawableRect = deviceRect.intersection(PixelRect(x: 0, y: rows.lowerBound, width: deviceRect.width, height: rows.count))
        let rect = drawableRect
        cairo.withUnsafeCairoContext { cr in
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
        }
    }
}

/// An integer rectangle of device pixels.
package struct PixelRect: Hashable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both (an empty one holds nothing).
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The same pixels moved by (`dx`, `dy`).
    func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    package func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
