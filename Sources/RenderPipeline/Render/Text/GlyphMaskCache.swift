import CCairo
import Foundation

/// Rotated, skewed or stretched glyphs rasterized once into alpha masks and reused.
///
/// Cairo caches glyph images per font size and transform, and composites a transformed glyph
/// through a freshly cleared mask every time; per-glyph rotation therefore costs tens of
/// times a plain move. Here each (font, glyph, transform snapped to 1/64) is drawn once by
/// Cairo into a tight A8 mask, and every later use is one small mask composite. Masks sit on
/// whole pixels, as Cairo 1.16 places unrotated glyphs too. Color (emoji) fonts keep Cairo's
/// own path, since a mask would lose their colors.
final class GlyphMaskCache: @unchecked Sendable {
    static let shared = GlyphMaskCache()

    struct Key: Hashable {
        var font: ObjectIdentifier
        var glyph: UInt
        var xx: Int32, yx: Int32, xy: Int32, yy: Int32
        var subX: UInt8, subY: UInt8
    }

    /// One mask: an A8 surface and where its top-left sits from the glyph's whole-pixel origin.
    private final class Mask: @unchecked Sendable {
        let surface: OpaquePointer?
        let dx: Int, dy: Int

        fileprivate init(surface: OpaquePointer?, dx: Int, dy: Int) {
            self.surface = surface
            self.dx = dx
            self.dy = dy
        }

        deinit { if let surface { cairo_surface_destroy(surface) } }
    }

    /// Grid of the snapped transform (1/64: under a degree of rotation) and of the glyph offset
    /// (whole pixels; finer grids multiply the masks to render for little visible gain).
    static let matrixSteps = 64.0
    static let subpixelSteps = 1.0
    /// Past this many masks the cache starts over (about 10–40 MB of masks).
    private let capacity = 20_000
    private var masks: [Key: Mask] = [:]
    /// The fonts keys name, kept alive so their identifiers cannot be reused by other fonts.
    private var fonts: [ObjectIdentifier: Font] = [:]
    /// Glyphs drawn larger than this many pixels go through Cairo directly.
    static let largestSize = 600.0
    private let lock = NSLock()

    /// Draws glyphs through cached masks in the current source, with `matrix` the context's
    /// user-to-device transform; returns false (drawing nothing) for fonts it cannot mask.
    func show(_ glyphs: [cairo_glyph_t], font: Font, matrix: cairo_matrix_t, on cairo: CairoContext) -> Bool {
        return cairo.withUnsafeCairoContext { cr -> Bool in
            // Color fonts lose their colors in a mask; huge glyphs are not worth caching.
            guard !font.hasColor, font.size * max(abs(matrix.xx), abs(matrix.yx), abs(matrix.xy), abs(matrix.yy)) <= Self.largestSize else {
                return false
            }
            func snap(_ v: Double) -> Int32 { Int32((v * Self.matrixSteps).rounded()) }
            let key0 = Key(font: ObjectIdentifier(font), glyph: 0, xx: snap(matrix.xx), yx: snap(matrix.yx),
                           xy: snap(matrix.xy), yy: snap(matrix.yy), subX: 0, subY: 0)
            var m = matrix
            cairo_save(cr)
            cairo_identity_matrix(cr)
            for glyph in glyphs {
                var x = glyph.x, y = glyph.y
                cairo_matrix_transform_point(&m, &x, &y)
                var ix = x.rounded(.down), iy = y.rounded(.down)
                var qx = ((x - ix) * Self.subpixelSteps).rounded(), qy = ((y - iy) * Self.subpixelSteps).rounded()
                if qx >= Self.subpixelSteps { qx = 0; ix += 1 }
                if qy >= Self.subpixelSteps { qy = 0; iy += 1 }
                var key = key0
                key.glyph = glyph.index
                key.subX = UInt8(qx)
                key.subY = UInt8(qy)
                let mask = self.mask(for: key, font: font)
                guard let surface = mask.surface else { continue }
                cairo_mask_surface(cr, surface, ix + Double(mask.dx), iy + Double(mask.dy))
            }
            cairo_restore(cr)
            return true
        }
    }

    private func mask(for key: Key, font: Font) -> Mask {
        lock.lock()
        defer { lock.unlock() }
        if let mask = masks[key] { return mask }
        if masks.count >= capacity {
            masks.removeAll(keepingCapacity: true)
            fonts.removeAll()
        }
        fonts[key.font] = font
        let mask = Self.render(key, font: font)
        masks[key] = mask
        return mask
    }

    /// Draws one glyph into a scratch A8 surface around its origin, then keeps the inked part.
    private static func render(_ key: Key, font: Font) -> Mask {
        let reach = Int((font.size * 1.6 + 4) * max(abs(Double(key.xx)), abs(Double(key.yx)), abs(Double(key.xy)), abs(Double(key.yy))) / matrixSteps)
        let side = 2 * reach + 2
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(scratch) }
        guard cairo_surface_status(scratch) == CAIRO_STATUS_SUCCESS else { return Mask(surface: nil, dx: 0, dy: 0) }
        do {
            let cairo = CairoContext(drawingInto: scratch)
            var matrix = cairo_matrix_t(xx: Double(key.xx) / matrixSteps, yx: Double(key.yx) / matrixSteps,
                                        xy: Double(key.xy) / matrixSteps, yy: Double(key.yy) / matrixSteps,
                                        x0: Double(reach) + Double(key.subX) / subpixelSteps,
                                        y0: Double(reach) + Double(key.subY) / subpixelSteps)
            cairo.withUnsafeCairoContext { cairo_set_matrix($0, &matrix) }
            var glyph = cairo_glyph_t(index: key.glyph, x: 0, y: 0)
            TextRasterizer.withFont(font, on: cairo) { cairo.withUnsafeCairoContext { cairo_show_glyphs($0, &glyph, 1) } }
        }
        cairo_surface_flush(scratch)
        // The inked rectangle.
        let stride = Int(cairo_image_surface_get_stride(scratch))
        let data = cairo_image_surface_get_data(scratch)!
        var minX = side, minY = side, maxX = -1, maxY = -1
        for y in 0..<side {
            let row = data + y * stride
            for x in 0..<side where row[x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return Mask(surface: nil, dx: 0, dy: 0) }
        let width = maxX - minX + 1, height = maxY - minY + 1
        let tight = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(tight) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(tight)
            return Mask(surface: nil, dx: 0, dy: 0)
        }
        cairo_surface_flush(tight)
        let tightStride = Int(cairo_image_surface_get_stride(tight))
        let tightData = cairo_image_surface_get_data(tight)!
        for y in 0..<height {
            (tightData + y * tightStride).update(from: data + (minY + y) * stride + minX, count: width)
        }
        cairo_surface_mark_dirty(tight)
        return Mask(surface: tight, dx: minX - reach, dy: minY - reach)
    }
}
