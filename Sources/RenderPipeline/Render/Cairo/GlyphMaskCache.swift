import CCairo
import CPixman
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

    /// A font at one snapped transform: what a `show` call draws with throughout.
    private struct PageKey: Hashable {
        var font: ObjectIdentifier
        var xx: Int32, yx: Int32, xy: Int32, yy: Int32
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

    /// The masks of one font at one transform, by glyph and subpixel offset: a hash of one word
    /// per glyph once the page is found, rather than of a whole key. (Not an array by glyph id:
    /// a per-glyph rotation makes a page for nearly every mask, and ids run to 65,535.)
    private final class Page {
        /// Kept alive so that its identifier, which keys the page, cannot be reused by another font.
        let font: Font.Resolved
        var masks: [UInt64: Mask] = [:]

        init(font: Font.Resolved) { self.font = font }
    }

    /// Grid of the snapped transform (1/64: under a degree of rotation) and of the glyph offset
    /// (whole pixels; finer grids multiply the masks to render for little visible gain).
    static let matrixSteps = 64.0
    static let subpixelSteps = 1.0
    /// Past this many masks the cache starts over (about 10–40 MB of masks).
    private let capacity = 20_000
    private var pages: [PageKey: Page] = [:]
    /// Masks held in all pages.
    private var count = 0
    /// Glyphs drawn larger than this many pixels go through Cairo directly.
    static let largestSize = 600.0
    private let lock = NSLock()

    /// Draws glyphs through cached masks in the current source, with `matrix` the context's
    /// user-to-device transform; returns false (drawing nothing) for fonts it cannot mask.
    /// `color` is the source when it is that one solid colour (nil for a gradient): then the
    /// masks may be composited straight through pixman in it.
    func show(_ glyphs: [cairo_glyph_t], font: Font.Resolved, matrix: cairo_matrix_t, color: Color?, on cairo: CairoContext) -> Bool {
        return cairo.withUnsafeCairoContext { cr -> Bool in
            // Color fonts lose their colors in a mask; huge glyphs are not worth caching.
            guard !font.hasColor, font.size * max(abs(matrix.xx), abs(matrix.yx), abs(matrix.xy), abs(matrix.yy)) <= Self.largestSize else {
                return false
            }
            func snap(_ v: Double) -> Int32 { Int32((v * Self.matrixSteps).rounded()) }
            let pageKey = PageKey(font: ObjectIdentifier(font), xx: snap(matrix.xx), yx: snap(matrix.yx), xy: snap(matrix.xy), yy: snap(matrix.yy))
            var m = matrix
            // Every glyph's mask and place, found under one lock; composited after it.
            var placed: [(mask: Mask, x: Double, y: Double)] = []
            placed.reserveCapacity(glyphs.count)
            lock.lock()
            var page = self.page(pageKey, font: font)
            for glyph in glyphs {
                var x = glyph.x, y = glyph.y
                cairo_matrix_transform_point(&m, &x, &y)
                var ix = x.rounded(.down), iy = y.rounded(.down)
                var qx = ((x - ix) * Self.subpixelSteps).rounded(), qy = ((y - iy) * Self.subpixelSteps).rounded()
                if qx >= Self.subpixelSteps { qx = 0; ix += 1 }
                if qy >= Self.subpixelSteps { qy = 0; iy += 1 }
                let key = Key(font: pageKey.font, glyph: glyph.index, xx: pageKey.xx, yx: pageKey.yx, xy: pageKey.xy, yy: pageKey.yy,
                              subX: UInt8(qx), subY: UInt8(qy))
                placed.append((self.mask(for: key, in: &page, pageKey: pageKey), ix, iy))
            }
            lock.unlock()
            cairo_save(cr)
            cairo_identity_matrix(cr)
            if let color, let compositor = DirectMaskCompositor(cr, color: color) {
                for (mask, ix, iy) in placed {
                    // Far off any canvas (or not a number) is nothing to draw, and no Int32.
                    guard let surface = mask.surface, abs(ix) < 1e9, abs(iy) < 1e9 else { continue }
                    compositor.composite(surface, x: Int32(ix) + Int32(mask.dx), y: Int32(iy) + Int32(mask.dy))
                }
            } else {
                for (mask, ix, iy) in placed {
                    guard let surface = mask.surface else { continue }
                    cairo_mask_surface(cr, surface, ix + Double(mask.dx), iy + Double(mask.dy))
                }
            }
            cairo_restore(cr)
            return true
        }
    }

    /// The page of a font at a transform, made on first use; call with the lock held.
    private func page(_ key: PageKey, font: Font.Resolved) -> Page {
        if let page = pages[key] { return page }
        let page = Page(font: font)
        pages[key] = page
        return page
    }

    /// The mask of `key`, rendered on first use; call with the lock held. When the cache starts
    /// over, `page` is replaced by the font's new page.
    private func mask(for key: Key, in page: inout Page, pageKey: PageKey) -> Mask {
        let slot = UInt64(key.glyph) << 16 | UInt64(key.subX) << 8 | UInt64(key.subY)
        if let mask = page.masks[slot] { return mask }
        if count >= capacity {
            pages.removeAll(keepingCapacity: true)
            count = 0
            page = self.page(pageKey, font: page.font)
        }
        let mask = Self.render(key, font: page.font)
        page.masks[slot] = mask
        count += 1
        return mask
    }

    /// The index of the first non-zero byte of `row[0..<count]`, if any.
    private static func firstInk(_ row: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        let raw = UnsafeRawPointer(row)
        var x = 0
        while x + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: x, as: UInt64.self))
            if word != 0 { return x + word.trailingZeroBitCount / 8 }
            x += 8
        }
        while x < count {
            if row[x] != 0 { return x }
            x += 1
        }
        return nil
    }

    /// The index of the last non-zero byte of `row[0..<count]`, if any.
    private static func lastInk(_ row: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        let raw = UnsafeRawPointer(row)
        var end = count
        while end - 8 >= 0 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            if word != 0 { return end - 1 - word.leadingZeroBitCount / 8 }
            end -= 8
        }
        while end > 0 {
            end -= 1
            if row[end] != 0 { return end }
        }
        return nil
    }

    /// Draws one glyph into a scratch A8 surface around its origin, then keeps the inked part.
    private static func render(_ key: Key, font: Font.Resolved) -> Mask {
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
            // The row's first and last inked byte, eight bytes a step (little-endian words).
            guard let first = Self.firstInk(row, count: side), let last = Self.lastInk(row, count: side) else { continue }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
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

/// Glyph masks (A8 surfaces) composited in a solid colour straight through pixman, the library
/// Cairo composites with, instead of a `cairo_mask_surface` call each.
///
/// A varied or rotated run draws each glyph from its own mask, and Cairo spends about 15,000
/// instructions a call around pixman's few hundred (state, patterns, clip and compositor set-up).
/// The pixels are pixman's OVER of the same premultiplied colour through the same mask, as Cairo
/// asks for; it is used only where that is all Cairo would do: an OVER of a solid source onto an
/// ARGB32 image, unscaled, clipped to whole-pixel rectangles. Anything else returns nil and the
/// caller draws through Cairo.
private struct DirectMaskCompositor: ~Copyable {
    private let target: OpaquePointer
    private let destination: OpaquePointer
    private let source: OpaquePointer
    private let boxes: [pixman_box32_t]
    private let offsetX: Int32, offsetY: Int32

    /// The compositor for `cr`'s operator, target and clip, with its matrix the identity and its
    /// source the solid `color` (which the caller set and hands over, rather than it being read
    /// back out of Cairo); nil when Cairo would do more than a plain OVER.
    fileprivate init?(_ cr: OpaquePointer, color source: Color) {
        guard cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
              let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32 else { return nil }
        var scaleX = 0.0, scaleY = 0.0, deviceX = 0.0, deviceY = 0.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        cairo_surface_get_device_offset(target, &deviceX, &deviceY)
        guard scaleX == 1, scaleY == 1, deviceX == deviceX.rounded(), deviceY == deviceY.rounded() else { return nil }
        // Without a clip Cairo reports none as "not representable": those draw through Cairo.
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int32(cairo_image_surface_get_width(target)), height = Int32(cairo_image_surface_get_height(target))
        var boxes: [pixman_box32_t] = []
        for index in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[index]
            let x1 = r.x + deviceX, y1 = r.y + deviceY, x2 = x1 + r.width, y2 = y1 + r.height
            // A clip edge inside a pixel is antialiased by Cairo.
            guard x1 == x1.rounded(), y1 == y1.rounded(), x2 == x2.rounded(), y2 == y2.rounded() else { return nil }
            let box = pixman_box32_t(x1: max(0, Int32(x1)), y1: max(0, Int32(y1)), x2: min(width, Int32(x2)), y2: min(height, Int32(y2)))
            if box.x1 < box.x2, box.y1 < box.y2 { boxes.append(box) }
        }
        // The colour as Cairo's solid pattern holds it: each channel restricted to 0…1.
        func restricted(_ value: Double) -> Double { value < 0 ? 0 : value > 1 ? 1 : value }
        let red = restricted(source.red), green = restricted(source.green), blue = restricted(source.blue), alpha = restricted(source.alpha)
        // Cairo's colour for pixman: premultiplied, each channel d × 65535 + 0.5 truncated.
        func short(_ value: Double) -> UInt16 { UInt16(value * 65535 + 0.5) }
        var color = pixman_color_t(red: short(red * alpha), green: short(green * alpha), blue: short(blue * alpha), alpha: short(alpha))
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target),
              let destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height,
                                                         UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                         cairo_image_surface_get_stride(target)) else { return nil }
        guard let source = pixman_image_create_solid_fill(&color) else {
            pixman_image_unref(destination)
            return nil
        }
        self.target = target
        self.destination = destination
        self.source = source
        self.boxes = boxes
        offsetX = Int32(deviceX)
        offsetY = Int32(deviceY)
    }

    deinit {
        pixman_image_unref(source)
        pixman_image_unref(destination)
        cairo_surface_mark_dirty(target)
    }

    /// Composites `mask` (an A8 image surface) with its top-left at user-space (`x`, `y`), whole pixels.
    fileprivate func composite(_ mask: OpaquePointer, x: Int32, y: Int32) {
        let width = Int32(cairo_image_surface_get_width(mask)), height = Int32(cairo_image_surface_get_height(mask))
        guard let data = cairo_image_surface_get_data(mask),
              let image = pixman_image_create_bits(PIXMAN_a8, width, height, UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                   cairo_image_surface_get_stride(mask)) else { return }
        defer { pixman_image_unref(image) }
        let left = x + offsetX, top = y + offsetY
        for box in boxes {
            let x1 = max(left, box.x1), y1 = max(top, box.y1), x2 = min(left + width, box.x2), y2 = min(top + height, box.y2)
            guard x1 < x2, y1 < y2 else { continue }
            pixman_image_composite32(PIXMAN_OP_OVER, source, image, destination, 0, 0, x1 - left, y1 - top, x1, y1, x2 - x1, y2 - y1)
        }
    }
}
