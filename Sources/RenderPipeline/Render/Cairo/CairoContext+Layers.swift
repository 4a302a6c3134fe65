import CCairo
import Foundation

/// Layers: what a finished offscreen layer goes through before it is composited (masks and
/// opacity, on its own pixels), a layer kept as vectors in a Cairo group, and a `clipToLayer`
/// mask kept as one on a vector page.
extension CairoContext {
    /// Scales the alpha of every pixel drawn so far by each of `masks`' alpha (each placed with
    /// its top-left on device pixel (x, y); a vector mask replayed into the pixels) and by
    /// `alpha` when under 1, restoring the state after.
    func keepAlpha(of masks: [GraphicsContext.LayerMask], times alpha: Double) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            for mask in masks {
                setSource(mask, cr)
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
    func makeLayerMask(opacity: Double, inverse: Bool, intersecting masks: [GraphicsContext.LayerMask]) {
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
                setSource(mask, cr)
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
    }

    /// Records what `body` draws on this vector page into a group that becomes a `clipToLayer`
    /// mask, its alpha scaled by `opacity` when under 1: a pattern in device units (the
    /// group is pushed under the identity transform), drawing nothing on the page itself.
    func makeVectorMask(opacity: Double, _ body: () throws -> Void) rethrows -> CairoGroupPattern {
        try withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            try Self.pushGroup(cr, body)
            var pattern = cairo_pop_group(cr)!
            if opacity < 1 {
                // Faded as a whole, as the pixel mask's alpha is scaled.
                cairo_push_group(cr)
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, max(opacity, 0))
                cairo_pattern_destroy(pattern)
                pattern = cairo_pop_group(cr)!
            }
            cairo_restore(cr)
            return CairoGroupPattern(taking: pattern)
        }
    }

    /// Makes `mask` the source, its top-left on device pixel (x, y); the transform is left the
    /// identity. A vector mask's group is in device units, so it is only moved.
    private func setSource(_ mask: GraphicsContext.LayerMask, _ cr: OpaquePointer) {
        switch mask.content {
        case .pixels(let surface):
            surface.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, Double(mask.x), Double(mask.y)) }
        case .vector(let pattern):
            cairo_identity_matrix(cr)
            cairo_translate(cr, Double(mask.x), Double(mask.y))
            pattern.withUnsafeCairoPattern { cairo_set_source(cr, $0) }
            cairo_identity_matrix(cr)
        }
    }

    /// Paints the current source through `mask` (device units, identity transform): its alpha
    /// scales the source's.
    private func paintSource(through mask: GraphicsContext.LayerMask, _ cr: OpaquePointer) {
        switch mask.content {
        case .pixels(let surface):
            surface.withUnsafeCairoSurface { cairo_mask_surface(cr, $0, Double(mask.x), Double(mask.y)) }
        case .vector(let pattern):
            cairo_translate(cr, Double(mask.x), Double(mask.y))
            pattern.withUnsafeCairoPattern { cairo_mask(cr, $0) }
            cairo_identity_matrix(cr)
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
    /// paints the group through the clip `clip` sets and `masks` (device units; stacked masks
    /// as nested groups, each masked by the next), in `blendMode`, scaled by `alpha`; restores
    /// the state after.
    func withGroup(clip: () -> Void, masks: [GraphicsContext.LayerMask], blendMode: GraphicsContext.BlendMode,
                   alpha: Double, _ body: () throws -> Void) rethrows {
        try withUnsafeCairoContext { cr in
            cairo_save(cr)
            clip()
            try Self.pushGroup(cr, body)
            cairo_pop_group_to_source(cr)
            cairo_identity_matrix(cr)
            for mask in masks {
                // The masks are in the page's device units, as the group is.
                cairo_push_group(cr)
                paintSource(through: mask, cr)
                cairo_pop_group_to_source(cr)
            }
            setBlendMode(blendMode)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }
    }

    /// Pushes a group and draws `body` into it, leaving the group for the caller to pop; when
    /// `body` throws, the group is dropped and the state saved before it restored.
    private static func pushGroup(_ cr: OpaquePointer, _ body: () throws -> Void) rethrows {
        cairo_push_group(cr)
        do {
            try body()
        } catch {
            cairo_pattern_destroy(cairo_pop_group(cr))
            cairo_restore(cr)
            throw error
        }
    }
}
