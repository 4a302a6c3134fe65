import CPango

/// Owns one reference to a `PangoFont`: a face at a size, as Pango chose it for a run.
final class PangoFontObject: @unchecked Sendable {
    private let font: UnsafeMutablePointer<PangoFont>

    /// Adds a reference to a font Pango lent (a run's); call with the Pango lock held.
    init(retaining font: UnsafeMutablePointer<PangoFont>) {
        g_object_ref(font)
        self.font = font
    }

    /// Lends the font to `body`; the pointer is valid only inside it.
    func withUnsafeMutablePangoFont<R>(_ body: (UnsafeMutablePointer<PangoFont>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(font) }
    }

    deinit {
        let font = self.font
        PangoLock.withLock { g_object_unref(font) }
    }
}
