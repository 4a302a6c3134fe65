import CCairo
import Foundation
import Testing
@testable import RenderPipeline

/// `castShadow` blurs the layer's alpha alone (one byte a pixel) and, for a normal shadow
/// under its content, draws the shadow behind the content in place: the bytes must be those
/// of the way it was done before, the whole layer copied, blurred in four channels, cleared
/// and composited again.
@Suite struct DrawingTargetShadowTests {
    /// A layer as a shape's holds it: a translucent disc over an opaque bar, anti-aliased edges.
    func layer() throws -> ImageSurface {
        let surface = try ImageSurface(width: 71, height: 53)
        let context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 8, y: 30, width: 50, height: 7.5)), with: Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 1))
        context.fill(Path(ellipseIn: CGRect(x: 20.25, y: 9.5, width: 31, height: 27)), with: Color(red: 0.9, green: 0.2, blue: 0.5, alpha: 0.6))
        return surface
    }

    /// The shadow as the four-channel path drew it: a copy of the layer blurred whole, the
    /// layer cleared, then content and shadow composited in the order the options say.
    func fourChannelShadow(_ surface: ImageSurface, color: Color, radius: Double, dx: Double, dy: Double,
                           blendMode: GraphicsContext.BlendMode, options: GraphicsContext.ShadowOptions, scale: Double) throws {
        let shadow = try ImageSurface(width: surface.width, height: surface.height)
        let content = try ImageSurface(width: surface.width, height: surface.height)
        for (copy, inverts) in [(shadow, options.contains(.invertsAlpha)), (content, false)] {
            let cr = cairo_create(copy.withUnsafeCairoSurface { $0 })!
            if inverts {
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
            }
            surface.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        shadow.withPixels { bytes in
            BoxBlur.apply(to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width: shadow.width, height: shadow.height,
                          stride: shadow.stride, sigma: radius * scale)
        }
        let cr = cairo_create(surface.withUnsafeCairoSurface { $0 })!
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
        cairo_destroy(cr)
        surface.flush()
    }

    func bytes(_ surface: ImageSurface) -> [UInt8] {
        Array(UnsafeBufferPointer(start: surface.pixelsForReading(), count: surface.stride * surface.height))
    }

    @Test(arguments: [GraphicsContext.ShadowOptions(), .shadowAbove, .shadowOnly, .invertsAlpha, [.invertsAlpha, .shadowOnly]],
          [GraphicsContext.BlendMode.normal, .multiply])
    func castsTheBytesOfTheFourChannelShadow(options: GraphicsContext.ShadowOptions, blendMode: GraphicsContext.BlendMode) throws {
        let color = Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.55)
        // Whole and fractional offsets, at one and two pixels a point.
        for (radius, dx, dy, scale) in [(4.0, 0.0, 4.0, 1.0), (2.5, 1.25, -2.5, 2.0), (0.0, 3.0, 1.0, 1.0)] {
            let fresh = try layer(), expected = try layer()
            DrawingTarget(surface: fresh).castShadow(color: color, radius: radius, dx: dx, dy: dy, blendMode: blendMode, options: options,
                                                     scale: scale, masks: nil)
            try fourChannelShadow(expected, color: color, radius: radius, dx: dx, dy: dy, blendMode: blendMode, options: options, scale: scale)
            #expect(bytes(fresh).elementsEqual(bytes(expected)), "radius \(radius), offset (\(dx), \(dy)), scale \(scale)")
            #expect(bytes(fresh) != bytes(try layer()))
        }
    }
}
