import CPango

/// Owns one reference to a Pango context: a font map with fixed rendering settings and a language.
final class PangoContextObject: @unchecked Sendable {
    private let context: OpaquePointer

    /// A new context on `fontMap` that renders with `fontOptions` at 72 dpi (1 pt = 1 px), with
    /// unrounded glyph positions, for text in `language`; call with the Pango lock held.
    init(fontMap: PangoFontMapObject, fontOptions: CairoFontOptions, language: String) {
        context = fontMap.withUnsafeMutablePangoFontMap { pango_font_map_create_context($0)! }
        fontOptions.withUnsafeCairoFontOptions { pango_cairo_context_set_font_options(context, $0) }
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string(language))
    }

    /// Lends the context to `body`; the pointer is valid only inside it.
    func withUnsafeMutablePangoContext<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(context) }
    }

    deinit {
        let context = self.context
        PangoLock.withLock { g_object_unref(UnsafeMutableRawPointer(context)) }
    }
}
