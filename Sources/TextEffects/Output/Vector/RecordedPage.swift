import CCairo
import Foundation

/// A frame drawn into a Cairo recording surface: vector drawing kept as Cairo's own commands,
/// so rows of a batch draw their pages in parallel and one PDF takes them in row order, still
/// as text and vectors.
package final class RecordedPage: @unchecked Sendable {
    private let surface: OpaquePointer
    package let width: Int, height: Int
    /// What is added where the page lands (the frame's link annotations: Cairo's tags are not
    /// carried through a recording).
    let finish: (@Sendable (CairoContext) -> Void)?

    /// A page of `width` × `height` pixels drawn by `draw`; `finish` adds to it in the document.
    init(width: Int, height: Int, finish: (@Sendable (CairoContext) -> Void)?, draw: (CairoContext) -> Void) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        self.width = width
        self.height = height
        self.finish = finish
        draw(CairoContext(vectorSurface: surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Lends the recording surface to `body`; the pointer is valid only inside it.
    func withUnsafeRecordingSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(surface) }
    }
}
