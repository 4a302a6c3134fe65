import CCairo

/// Owns a `cairo_font_options_t`: how Cairo rasterises and measures glyphs of the fonts a Pango
/// context hands out.
final class CairoFontOptions: @unchecked Sendable {
    private let options: OpaquePointer

    /// The settings layout uses, fixed for smooth animation and reproducible output: grayscale
    /// antialiasing, no hinting, unhinted metrics.
    static func forLayout() -> CairoFontOptions {
        let options = CairoFontOptions()
        cairo_font_options_set_antialias(options.options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options.options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options.options, CAIRO_HINT_METRICS_OFF)
        return options
    }

    private init() {
        options = cairo_font_options_create()
    }

    /// Lends the options to `body`; the pointer is valid only inside it.
    func withUnsafeCairoFontOptions<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(options) }
    }

    deinit {
        cairo_font_options_destroy(options)
    }
}
