import CCairo

/// Owns a Cairo group pattern: drawing kept as Cairo's own commands (on an SVG or PDF page, a
/// recording of vectors and text), in the device units of the context that made it.
///
/// A `clipToLayer` mask on a vector page is one, so the mask stays sharp at any zoom; the page
/// uses it as a vector mask, and a pixel layer replays it into its pixels.
final class CairoGroupPattern: @unchecked Sendable {
    private let pattern: OpaquePointer

    /// Takes ownership of `pattern` (one reference, as `cairo_pop_group` returns it).
    init(taking pattern: OpaquePointer) {
        self.pattern = pattern
    }

    // Its recording may hold snapshots of surfaces other threads draw from (an image decoded
    // once for a batch), which Cairo takes out of a list on those surfaces without a lock: under
    // the Pango lock, as recording them was (`CairoContext.paint(_:stretchedOver:)`).
    deinit { PangoLock.withLock { cairo_pattern_destroy(pattern) } }

    /// Lends the pattern to `body`; the pointer is valid only inside it.
    func withUnsafeCairoPattern<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(pattern) }
    }
}
