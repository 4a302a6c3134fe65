import CPango

/// Owns one reference to a `PangoLayout`: a paragraph of text, its attributes and its lines.
final class PangoLayoutObject: @unchecked Sendable {
    private let layout: OpaquePointer

    /// A new, empty layout in `context`; call with the Pango lock held.
    init(context: PangoContextObject) {
        layout = context.withUnsafeMutablePangoContext { pango_layout_new($0)! }
    }

    /// A copy of `other` (text, attributes and settings) that changes apart from it; call with the lock held.
    init(copying other: PangoLayoutObject) {
        layout = other.withUnsafeMutablePangoLayout { pango_layout_copy($0)! }
    }

    /// Lends the layout to `body`; the pointer is valid only inside it.
    func withUnsafeMutablePangoLayout<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(layout) }
    }

    deinit {
        let layout = self.layout
        PangoLock.withLock { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }
}
