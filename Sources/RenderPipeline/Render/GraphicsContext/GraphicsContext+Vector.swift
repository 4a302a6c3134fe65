import CCairo
import Foundation

extension GraphicsContext {
    /// A context drawing onto a page of an SVG or PDF document whose device units are the
    /// frame's pixels, `scale` per point, as a frame's would be.
    package init(vectorPage cairo: CairoContext, pixelWidth: Int, pixelHeight: Int, scale: Double, time: Double) {
        self.init(target: DrawingTarget(vectorPage: cairo, width: pixelWidth, height: pixelHeight),
                  pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, time: time)
    }

    /// Runs a layer's drawing in a Cairo group on a vector page, then paints the group through
    /// the clips with the opacity, blend mode and (at most one) `clipToLayer` mask: the layer's
    /// content stays vectors (and its text text), where a raster target would use an image.
    func performInGroup(alpha: Double, _ body: (inout GraphicsContext, CairoContext) throws -> Void) rethrows {
        let cairo = target.cairo
        try cairo.withUnsafeCairoContext { cr in
            cairo_save(cr)
            applyClips(cairo)
            cairo_push_group(cr)
            var inner = self
            inner.clips = []
            inner.masks = []
            inner.filters = []
            inner.opacity = 1
            inner.blendMode = .normal
            var m = matrix
            cairo_set_matrix(cr, &m)
            target.isTouched = true
            do {
                try body(&inner, cairo)
            } catch {
                cairo_pattern_destroy(cairo_pop_group(cr))
                cairo_restore(cr)
                throw error
            }
            cairo_pop_group_to_source(cr)
            cairo_identity_matrix(cr)
            if let mask = masks.first {
                // The mask is in the page's device units, as the group is.
                cairo_push_group(cr)
                mask.surface.withUnsafeCairoSurface { cairo_mask_surface(cr, $0, Double(mask.x), Double(mask.y)) }
                cairo_pop_group_to_source(cr)
            }
            if blendMode != .normal { cairo_set_operator(cr, blendMode.cairoOperator) }
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }
    }
}
