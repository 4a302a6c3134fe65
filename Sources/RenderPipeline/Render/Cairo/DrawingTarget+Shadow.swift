import CCairo
import Foundation

extension DrawingTarget {
    /// Redraws this layer with a shadow of its alpha: `color` through the alpha blurred by
    /// `radius` points and moved by (`dx`, `dy`), `scale` pixels a point, composited in
    /// `blendMode`, with the content under, over or without it as `options` say.
    ///
    /// The blurred alpha (the shadow's mask) comes from `masks` when the same alpha was blurred
    /// the same way before (``ShadowMaskCache``); nil blurs it afresh without keeping it.
    func castShadow(color: Color, radius: Double, dx: Double, dy: Double, blendMode: GraphicsContext.BlendMode,
                    options: GraphicsContext.ShadowOptions, scale: Double, masks: ShadowMaskCache? = .shared) {
        guard let surface else { return }
        guard let shadow = try? ImageSurface(width: surface.width, height: surface.height) else { return }
        let sigma = radius * scale
        let invertsAlpha = options.contains(.invertsAlpha)
        var kept: (cache: ShadowMaskCache, key: ShadowMaskCache.Key, alpha: [UInt8])?
        if let masks, masks.mayKeep(width: surface.width, height: surface.height, sigma: sigma) {
            let alpha = ShadowMaskCache.alpha(of: surface.pixelsForReading(), width: surface.width, height: surface.height,
                                              stride: surface.stride)
            if let key = masks.key(alpha: alpha, width: surface.width, height: surface.height, sigma: sigma, invertsAlpha: invertsAlpha) {
                kept = (masks, key, alpha)
            }
        }
        if let kept, let pixels = kept.cache.mask(for: kept.key, alpha: kept.alpha) {
            shadow.withPixels { bytes in pixels.withUnsafeBytes { _ = memcpy(bytes.baseAddress!, $0.baseAddress!, $0.count) } }
        } else {
            CairoContext(surface: shadow).withUnsafeCairoContext { copy in
                if invertsAlpha {
                    // The transparent parts cast the shadow: paint everything, then punch the drawing out.
                    cairo_set_source_rgba(copy, 0, 0, 0, 1)
                    cairo_paint(copy)
                    cairo_set_operator(copy, CAIRO_OPERATOR_DEST_OUT)
                }
                surface.withUnsafeCairoSurface { cairo_set_source_surface(copy, $0, 0, 0) }
                cairo_paint(copy)
            }
            shadow.withPixels { bytes in
                BoxBlur.apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                              width: shadow.width, height: shadow.height, stride: shadow.stride, sigma: sigma)
                if let kept { kept.cache.keep(for: kept.key, alpha: kept.alpha) { [UInt8](UnsafeRawBufferPointer(bytes)) } }
            }
        }
        // Redraw the layer as the shadow colour through the blurred alpha, offset, and the
        // content under, over or without it.
        guard let content = try? ImageSurface(width: surface.width, height: surface.height) else { return }
        CairoContext(surface: content).withUnsafeCairoContext { save in
            surface.withUnsafeCairoSurface { cairo_set_source_surface(save, $0, 0, 0) }
            cairo_paint(save)
        }
        cairo.withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            cairo_paint(cr)
            let drawsContent = !options.contains(.shadowOnly)
            if drawsContent && options.contains(.shadowAbove) {
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                content.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
                cairo_paint(cr)
            }
            cairo_set_operator(cr, blendMode == .normal ? CAIRO_OPERATOR_OVER : blendMode.cairoOperator)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            shadow.withUnsafeCairoSurface { cairo_mask_surface(cr, $0, dx * scale, dy * scale) }
            if drawsContent && !options.contains(.shadowAbove) {
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                content.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
    }
}
