import CRsvg

/// Owns one reference to a librsvg handle: a parsed SVG document, ready to render.
final class RSVGHandle: @unchecked Sendable {
    private let handle: OpaquePointer
    private let library: SVGLibrary

    /// Takes over the reference `rsvg_handle_new_from_data` returned from `library`.
    init(taking handle: OpaquePointer, library: SVGLibrary) {
        self.handle = handle
        self.library = library
    }

    /// Lends the handle to `body`; the pointer is valid only inside it. A handle renders from
    /// one thread at a time: the caller serialises.
    func withUnsafeMutableRsvgHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(handle) }
    }

    deinit {
        // Its finalizer releases Pango and Cairo objects of SVG text: under the Pango lock.
        let handle = self.handle, unref = library.unref
        PangoLock.withLock { unref(UnsafeMutableRawPointer(handle)) }
    }
}
