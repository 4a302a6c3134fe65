import CPango

extension Font {
    /// A concrete font a run was shaped with: its face, size and metrics, ready to draw glyphs.
    ///
    /// What a `Font` becomes once Pango and fontconfig have chosen a face (SwiftUI names the same
    /// idea `Font.Resolved`). Renderers see only its description and metrics; the Cairo font behind
    /// it is private.
    package final class Resolved: @unchecked Sendable, Hashable, CustomStringConvertible {
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
        /// Whether the face has variation axes (`wght`, `wdth`…) that `varying(_:)` can set.
        public let isVariable: Bool

        private let pangoFont: PangoFontObject
        /// The Cairo scaled font glyphs are drawn with.
        let scaledFont: CairoScaledFont
        /// Axis values this font draws with on top of its own (empty for a font Pango chose).
        public let variations: [String: Double]
        /// The axis values the font was chosen with, as Pango writes them (`wght=650`), or empty.
        let chosenVariations: String
        /// Copies of this font at other axis values, made on first use (under the Pango lock).
        private var varied: [String: Resolved] = [:]
        /// The copy each asked-for set of values got: found again without rounding the values and
        /// writing them out as settings, which every draw of a varied run would otherwise do.
        private var variedByRequest: [[String: Double]: Resolved] = [:]

        /// Wraps a font Pango chose for a run of text in `language`; must be called with the Pango lock held.
        init(_ font: PangoFontObject, language: String) {
            pangoFont = font
            (family, size, weight, isItalic, chosenVariations) = font.withUnsafeMutablePangoFont { font in
                let description = pango_font_describe_with_absolute_size(font)
                defer { pango_font_description_free(description) }
                return (pango_font_description_get_family(description).map { String(cString: $0) } ?? "",
                        Double(pangoUnits: pango_font_description_get_size(description)),
                        FontWeight(Int(pango_font_description_get_weight(description).rawValue)),
                        pango_font_description_get_style(description) != PANGO_STYLE_NORMAL,
                        pango_font_description_get_variations(description).map { String(cString: $0) } ?? "")
            }
            let metrics = font.withUnsafeMutablePangoFont { pango_font_get_metrics($0, pango_language_from_string(language)) }
            defer { pango_font_metrics_unref(metrics) }
            ascent = Double(pangoUnits: pango_font_metrics_get_ascent(metrics))
            descent = Double(pangoUnits: pango_font_metrics_get_descent(metrics))
            underlinePosition = Double(pangoUnits: pango_font_metrics_get_underline_position(metrics))
            underlineThickness = max(Double(pangoUnits: pango_font_metrics_get_underline_thickness(metrics)), 0.5)
            strikethroughPosition = Double(pangoUnits: pango_font_metrics_get_strikethrough_position(metrics))
            strikethroughThickness = max(Double(pangoUnits: pango_font_metrics_get_strikethrough_thickness(metrics)), 0.5)
            (hasColor, isVariable, scaledFont) = font.withUnsafeMutablePangoFont { font in
                var color: FcBool = 0
                if let fcFont = te_fc_font(font), let pattern = pango_fc_font_get_pattern(fcFont) {
                    _ = FcPatternGetBool(pattern, "color", 0, &color)
                }
                return (color != 0, te_font_is_variable(font) != 0,
                        CairoScaledFont(retaining: pango_cairo_font_get_scaled_font(OpaquePointer(font))!))
            }
            variations = [:]
        }

        /// This font's face, size and metrics drawn at other variable-axis values; call with the
        /// Pango lock held. Cairo applies the axes after the ones the font was chosen with.
        private init(varying base: Resolved, variations: [String: Double], settings: String) {
            family = base.family
            size = base.size
            weight = base.weight
            isItalic = base.isItalic
            ascent = base.ascent
            descent = base.descent
            underlinePosition = base.underlinePosition
            underlineThickness = base.underlineThickness
            strikethroughPosition = base.strikethroughPosition
            strikethroughThickness = base.strikethroughThickness
            hasColor = base.hasColor
            isVariable = base.isVariable
            chosenVariations = base.chosenVariations
            pangoFont = base.pangoFont
            self.variations = variations
            scaledFont = base.scaledFont.varying(settings)
        }

        /// Copies kept per font before the cache starts over: the vary effect draws at most 128
        /// values an axis, and the glyph mask cache keys masks by font object.
        private static let variedCapacity = 4096

        /// This font drawn with `variations` (axis tag → value), glyph positions unchanged: what an
        /// effect animating `wght` draws each glyph with. Values are rounded to 1/4 so that an
        /// animation reuses the copies (and their rasterised glyphs) of earlier frames; a font with
        /// no axes (a fallback font, emoji) draws as itself.
        public func varying(_ variations: [String: Double]) -> Resolved {
            guard !variations.isEmpty, isVariable else { return self }
            return PangoLock.withLock {
                if let known = variedByRequest[variations] { return known }
                let rounded = variations.mapValues { ($0 * 4).rounded() / 4 }
                let settings = ResolvedStyle.variationSettings(rounded)
                let font: Resolved
                if let known = varied[settings] {
                    font = known
                } else {
                    if varied.count >= Self.variedCapacity {
                        varied.removeAll()
                        variedByRequest.removeAll()
                    }
                    font = Resolved(varying: self, variations: rounded, settings: settings)
                    varied[settings] = font
                }
                if variedByRequest.count >= Self.variedCapacity { variedByRequest.removeAll() }
                variedByRequest[variations] = font
                return font
            }
        }

        public var description: String {
            let axes = [chosenVariations, ResolvedStyle.variationSettings(variations)].filter { !$0.isEmpty }.joined(separator: ",")
            return "\(family) \(weight.value)\(isItalic ? " italic" : "") \(size)pt" + (axes.isEmpty ? "" : " @\(axes)")
        }

        public static func == (a: Resolved, b: Resolved) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
