import CCairo
import CPango

/// A concrete font a run was shaped with: its face, size and metrics, ready to draw glyphs.
///
/// Renderers see only its description and metrics; the Cairo font behind it is private.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The family fontconfig chose (e.g. "DejaVu Sans", "Noto Sans CJK SC").
    public let family: String
    /// Size in points.
    public let size: Double
    public let weight: FontWeight
    public let isItalic: Bool
    /// Distance from the baseline up to the font's ascender line, in points.
    public let ascent: Double
    /// Distance from the baseline down to the descender line, in points.
    public let descent: Double
    /// How far above the baseline the top of an underline sits (negative: below), in points.
    public let underlinePosition: Double
    public let underlineThickness: Double
    /// How far above the baseline the top of a strikethrough sits, in points.
    public let strikethroughPosition: Double
    public let strikethroughThickness: Double

    /// Whether the font draws its own colors (emoji): its glyphs are images, not shapes to fill.
    public let hasColor: Bool

    private let pangoFont: GObjectReference
    /// The Cairo scaled font, owned (one reference) by this object.
    let scaledFont: OpaquePointer

    /// Wraps a font Pango returned for a run; must be called with the Pango lock held.
    init(borrowing font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?) {
        pangoFont = GObjectReference(retaining: font)
        let description = pango_font_describe_with_absolute_size(font)
        defer { pango_font_description_free(description) }
        family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        weight = FontWeight(Int(pango_font_description_get_weight(description).rawValue))
        isItalic = pango_font_description_get_style(description) != PANGO_STYLE_NORMAL
        let metrics = pango_font_get_metrics(font, language)
        defer { pango_font_metrics_unref(metrics) }
        func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
        ascent = points(pango_font_metrics_get_ascent(metrics))
        descent = points(pango_font_metrics_get_descent(metrics))
        underlinePosition = points(pango_font_metrics_get_underline_position(metrics))
        underlineThickness = max(points(pango_font_metrics_get_underline_thickness(metrics)), 0.5)
        strikethroughPosition = points(pango_font_metrics_get_strikethrough_position(metrics))
        strikethroughThickness = max(points(pango_font_metrics_get_strikethrough_thickness(metrics)), 0.5)
        var color: FcBool = 0
        if let fcFont = te_fc_font(font), let pattern = pango_fc_font_get_pattern(fcFont) {
            _ = FcPatternGetBool(pattern, "color", 0, &color)
        }
        hasColor = color != 0
        let cairoFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))!
        scaledFont = cairo_scaled_font_reference(cairoFont)
    }

    deinit {
        // Releasing a scaled font races with drawing in Cairo 1.16: see TextRasterizer.withFont.
        PangoLock.withLock { cairo_scaled_font_destroy(scaledFont) }
    }

    public var description: String {
        "\(family) \(weight.value)\(isItalic ? " italic" : "") \(size)pt"
    }

    public static func == (a: Font, b: Font) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
