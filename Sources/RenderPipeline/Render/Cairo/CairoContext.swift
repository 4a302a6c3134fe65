import CCairo

/// Owns a `cairo_t`: drawing state (transform, clip, source) on one surface.
///
/// Drawing code passes this object between files and opens it only inside `withUnsafeCairoContext`,
/// so no bare `cairo_t` outlives the object that destroys it.
package final class CairoContext {
    private let cr: OpaquePointer
    /// Whether the surface is an SVG or PDF document: glyphs are shown as text there, never
    /// through the raster glyph masks, which would turn them into pictures.
    let isVector: Bool

    /// A new context drawing into `surface`.
    init(surface: ImageSurface) {
        cr = surface.withUnsafeCairoSurface { cairo_create($0)! }
        isVector = false
    }

    /// A new context drawing into an SVG or PDF surface, which the context keeps alive.
    init(vectorSurface surface: OpaquePointer) {
        cr = cairo_create(surface)!
        isVector = true
    }

    /// A new context drawing into a surface another object owns (a scratch mask), which the
    /// context keeps alive for its own life (Cairo holds a reference).
    init(drawingInto surface: OpaquePointer) {
        cr = cairo_create(surface)!
        isVector = false
    }

    /// Lends the context to `body`; the pointer is valid only inside it.
    @inline(__always)
    package func withUnsafeCairoContext<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(cr) }
    }

    deinit { cairo_destroy(cr) }
}
