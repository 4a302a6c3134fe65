import CCairo

/// Owns one reference to a Cairo scaled font: a `Font`'s face at its size, ready to draw glyphs.
final class CairoScaledFont: @unchecked Sendable {
    private let scaledFont: OpaquePointer

    /// Adds a reference to a scaled font another object lends (a Pango font's); call with the
    /// Pango lock held.
    init(retaining scaledFont: OpaquePointer) {
        self.scaledFont = cairo_scaled_font_reference(scaledFont)
    }

    private init(taking scaledFont: OpaquePointer) {
        self.scaledFont = scaledFont
    }

    /// This face, size and transform drawn with the variable-axis `settings` (as Cairo writes
    /// them, `wght=650`) applied after the ones the font has; call with the Pango lock held.
    func varying(_ settings: String) -> CairoScaledFont {
        var fontMatrix = cairo_matrix_t(), ctm = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaledFont, &fontMatrix)
        cairo_scaled_font_get_ctm(scaledFont, &ctm)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_get_font_options(scaledFont, options)
        cairo_font_options_set_variations(options, settings)
        return CairoScaledFont(taking: cairo_scaled_font_create(cairo_scaled_font_get_font_face(scaledFont), &fontMatrix, &ctm, options))
    }

    /// Lends the scaled font to `body`; the pointer is valid only inside it.
    func withUnsafeCairoScaledFont<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(scaledFont) }
    }

    /// Whether the FreeType face drawing this font is at its default instance but marked varied
    /// (see `TextRasterizer.withFont`); call with the Pango lock held.
    var drawsFromVariedDefaultFace: Bool {
        te_ft_font_face_is_varied_default(scaledFont) != 0
    }

    deinit {
        // Releasing a scaled font races with drawing in Cairo 1.16: see TextRasterizer.withFont.
        let scaledFont = self.scaledFont
        PangoLock.withLock { cairo_scaled_font_destroy(scaledFont) }
    }
}
