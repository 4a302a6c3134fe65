import CCairo
import Foundation

/// Layers: what a finished offscreen layer goes through before it is composited (masks and
/// opacity, on its own pixels), and a layer kept as vectors in a Cairo group.
extension CairoContext {
    /// Scales the alpha of every pixel drawn so far by each of `masks`' alpha (each placed with
    /// its top-left on device pixel (x, y)) and by `alpha` when under 1, restoring the state after.
    func keepAlpha(of masks: [(surface: ImageSurface, x: Int, y: Int)], times alpha: Double) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            for mask in masks {
                mask.surface.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, Double(mask.x), Double(mask.y)) }
                cairo_paint(cr)
            }
            if alpha < 1 {
                cairo_set_source_rgba(cr, 0, 0, 0, alpha)
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
    }

    /// Turns what was drawn so far into a `clipToLayer` mask: its alpha scaled by `opacity`
    /// (when under 1), inverted with `inverse`, then intersected with each earlier mask in
    /// `masks` (device pixels); restores the state after.
    func makeLayerMask(opacity: Double, inverse: Bool, intersecting masks: [(surface: ImageSurface, x: Int, y: Int)]) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            if opacity < 1 {
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
                cairo_set_source_rgba(cr, 0, 0, 0, max(opacity, 0))
                cairo_paint(cr)
            }
            if inverse {
                // Alpha becomes 1 − alpha: opaque black XORed with the layer.
                cairo_set_operator(cr, CAIRO_OPERATOR_XOR)
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
                cairo_paint(cr)
            }
            // One mask at a time: the new one is intersected with the ones before it.
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            for mask in masks {
                mask.surface.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, Double(mask.x), Double(mask.y)) }
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
    }

    /// Returns what `body` returns once it has drawn on the context, its drawing faded as a
    /// whole by `alpha`: a group painted at that alpha, so marks that overlap do not add up.
    /// At full alpha `body` draws straight onto the context.
    func fading<R>(by alpha: Double, _ body: (OpaquePointer) -> R) -> R {
        withUnsafeCairoContext { cr in
            guard alpha < 1 else { return body(cr) }
            cairo_push_group(cr)
            let result = body(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Swift.max(alpha, 0))
            return result
        }
    }

    /// Draws what `body` draws into a group (on an SVG or PDF page: vectors, not pixels), then
    /// paints the group through the clip `clip` sets and (when given) a mask in device units,
    /// in `blendMode`, scaled by `alpha`; restores the state after.
    func withGroup(clip: () -> Void, mask: (surface: ImageSurface, x: Int, y: Int)?, blendMode: GraphicsContext.BlendMode,
                   alpha: Double, _ body: () throws -> Void) rethrows {
        try withUnsafeCairoContext { cr in
            cairo_save(cr)
            clip()
            cairo_push_group(cr)
            do {
                try body()
            } catch {
                cairo_pattern_destroy(cairo_pop_group(cr))
                cairo_restore(cr)
                throw error
            }
            cairo_pop_group_to_source(cr)
            cairo_identity_matrix(cr)
            if let mask {
                // The mask is in the page's device units, as the group is.
                cairo_push_group(cr)
                mask.surface.withUnsafeCairoSurface { cairo_mask_surface(cr, $0, Double(mask.x), Double(mask.y)) }
                cairo_pop_group_to_source(cr)
            }
            setBlendMode(blendMode)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }
    }
}
