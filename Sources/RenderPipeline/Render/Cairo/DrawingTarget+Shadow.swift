import CCairo
import Foundation

extension DrawingTarget {
    /// Redraws this layer with a shadow of its alpha: `color` through the alpha blurred by
    /// `radius` points and moved by (`dx`, `dy`), `scale` pixels a point, composited in
    /// `blendMode`, with the content under, over or without it as `options` say.
    ///
    /// The shadow's mask is the layer's alpha alone (one byte a pixel), blurred as ``BoxBlur``
    /// blurs an alpha channel: the colour channels would be thrown away by the mask anyway.
    /// It comes from `masks` when the same alpha was blurred the same way before
    /// (``ShadowMaskCache``); nil blurs it afresh without keeping it.
    func castShadow(color: Color, radius: Double, dx: Double, dy: Double, blendMode: GraphicsContext.BlendMode,
                    options: GraphicsContext.ShadowOptions, scale: Double, masks: ShadowMaskCache? = .shared) {
        guard let surface else { return }
        let width = surface.width, height = surface.height
        guard let shadow = try? AlphaSurface(width: width, height: height) else { return }
        let sigma = radius * scale
        let invertsAlpha = options.contains(.invertsAlpha)
        let layer = surface.pixelsForReading()
        var kept: (cache: ShadowMaskCache, key: ShadowMaskCache.Key, alpha: [UInt8])?
        if let masks, masks.mayKeep(width: width, height: height, sigma: sigma) {
            let alpha = ShadowMaskCache.alpha(of: layer, width: width, height: height, stride: surface.stride)
            if let key = masks.key(alpha: alpha, width: width, height: height, sigma: sigma, invertsAlpha: invertsAlpha) {
                kept = (masks, key, alpha)
            }
        }
        shadow.withPixels { bytes in
            let mask = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if let kept, let pixels = kept.cache.mask(for: kept.key, alpha: kept.alpha) {
                pixels.withUnsafeBytes { _ = memcpy(mask, $0.baseAddress!, $0.count) }
                return
            }
            // The alpha the shadow is cast from: the layer's, or (an inner shadow) its complement,
            // the bytes Cairo leaves painting the layer over opaque black with DEST_OUT.
            let flip: UInt8 = invertsAlpha ? 255 : 0
            if let alpha = kept?.alpha {
                // Already read out for the cache's key.
                alpha.withUnsafeBufferPointer { alpha in
                    for y in 0..<height {
                        let from = alpha.baseAddress! + y * width, to = mask + y * shadow.stride
                        for x in 0..<width { to[x] = flip ^ from[x] }
                    }
                }
            } else {
                for y in 0..<height {
                    let from = UnsafeRawPointer(layer + y * surface.stride), to = mask + y * shadow.stride
                    for x in 0..<width { to[x] = flip ^ UInt8(truncatingIfNeeded: from.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) >> 24) }
                }
            }
            BoxBlur.applyToAlpha(mask, width: width, height: height, stride: shadow.stride, sigma: sigma)
            if let kept { kept.cache.keep(for: kept.key, alpha: kept.alpha) { [UInt8](UnsafeRawBufferPointer(bytes)) } }
        }
        let drawsContent = !options.contains(.shadowOnly)
        let mode = blendMode == .normal ? CAIRO_OPERATOR_OVER : blendMode.cairoOperator
        if drawsContent && !options.contains(.shadowAbove) && blendMode == .normal {
            // The usual shadow, under the content in the normal mode: the content over the shadow
            // is the shadow drawn behind the content (DEST_OVER), the same bytes without copying
            // the layer out and back.
            cairo.withUnsafeCairoContext { cr in
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
                cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                shadow.withUnsafeCairoSurface { cairo_mask_surface(cr, $0, dx * scale, dy * scale) }
                cairo_restore(cr)
            }
            return
        }
        // Redraw the layer as the shadow colour through the blurred alpha, offset, and the
        // content under, over or without it.
        guard let content = try? ImageSurface(width: width, height: height) else { return }
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
            if drawsContent && options.contains(.shadowAbove) {
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                content.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
                cairo_paint(cr)
            }
            cairo_set_operator(cr, mode)
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
