import Foundation

extension GraphicsContext {
    /// A context drawing onto a page of an SVG or PDF document whose device units are the
    /// frame's pixels, `scale` per point, as a frame's would be.
    package init(vectorPage cairo: CairoContext, pixelWidth: Int, pixelHeight: Int, scale: Double, time: Double) {
        self.init(target: DrawingTarget(vectorPage: cairo, width: pixelWidth, height: pixelHeight),
                  pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, time: time)
    }

    /// Runs a layer's drawing in a Cairo group on a vector page, then paints the group through
    /// the clips with the opacity, blend mode and `clipToLayer` masks (stacked ones as nested
    /// groups, each masked by the next): the layer's content stays vectors (and its text
    /// text), where a raster target would use an image.
    func performInGroup(alpha: Double, _ body: (inout GraphicsContext, CairoContext) throws -> Void) rethrows {
        let cairo = target.cairo
        try cairo.withGroup(clip: { applyClips(cairo) }, masks: masks, blendMode: blendMode, alpha: alpha) {
            var inner = self
            inner.clips = []
            inner.masks = []
            inner.filters = []
            inner.opacity = 1
            inner.blendMode = .normal
            cairo.matrix = matrix
            target.isTouched = true
            try body(&inner, cairo)
        }
    }
}
