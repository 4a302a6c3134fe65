import CPango

/// Owns one reference to a GObject (font map, context, layout, font) and drops it in `deinit`.
final class GObjectReference: @unchecked Sendable {
    private let raw: UnsafeMutableRawPointer

    /// Takes over a reference the caller owns (from a `_new` or `create` function).
    init(taking pointer: UnsafeMutableRawPointer) {
        raw = pointer
    }

    convenience init(taking pointer: OpaquePointer) {
        self.init(taking: UnsafeMutableRawPointer(pointer))
    }

    /// Adds a reference to a borrowed object.
    init(retaining pointer: UnsafeMutableRawPointer) {
        g_object_ref(pointer)
        raw = pointer
    }

    /// The object, for C functions that take an incomplete type. Valid only while this reference
    /// is alive: keep the reference in a variable (not a temporary) around the call.
    var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The object, for C functions that take a complete struct type.
    func typed<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: type) }

    deinit {
        // Dropping the last reference runs Pango's finalizers, which must not race other Pango calls.
        let raw = self.raw
        PangoLock.withLock { g_object_unref(raw) }
    }
}
