import CCairo
import Foundation

/// A one-byte-a-pixel (A8) Cairo image surface that owns its reference: a mask, such as the
/// blurred alpha a shadow is drawn through.
///
/// A mask needs only alpha; a quarter of an ARGB32 surface's bytes are a quarter of the work
/// for whatever walks them (a shadow's box blur above all).
final class AlphaSurface {
    private let surface: OpaquePointer
    let width: Int
    let height: Int

    /// A transparent (all zero) mask of `width` × `height` pixels.
    init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw RenderError.sizeOutOfRange(width: width, height: height)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError(status: status, while: "creating a \(width)×\(height) mask")
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// Bytes from one row to the next (the width rounded up to four).
    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Scoped access to the alpha bytes, `stride` a row.
    func withPixels<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        defer { cairo_surface_mark_dirty(surface) }
        return try body(UnsafeMutableRawBufferPointer(start: data, count: stride * height))
    }

    /// Lends the Cairo surface to `body`; the pointer is valid only inside it.
    func withUnsafeCairoSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(surface) }
    }
}
