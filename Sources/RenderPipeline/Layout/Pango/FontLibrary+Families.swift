import CPango
import Foundation

/// What fontconfig has, asked of it directly: whether there is any font, which family a
/// request ends in, and the families to list.
extension FontLibrary {
    /// Whether fontconfig has at least one font here (the configuration's or an added folder's).
    var hasFonts: Bool {
        PangoLock.withLock {
            fontMap.withFcConfig { config in
                // The two sets fontconfig matches from; no copy is made, unlike FcFontList.
                [FcSetSystem, FcSetApplication].contains { FcConfigGetFonts(config, $0).map { $0.pointee.nfont > 0 } ?? false }
            }
        }
    }

    /// The family that text asked to be in `family` is drawn in, when fontconfig has no such
    /// family; nil when it has one, when `family` is a generic name (`sans-serif`, `System`…),
    /// which any font satisfies, or when there is no font at all (`forScene` refuses that).
    ///
    /// `family` may be Pango's comma-separated list: it is satisfied when the font used is any
    /// of its names. Names compare as fontconfig compares them (case and blanks ignored), against
    /// every family name the font has (a face such as DejaVu Sans Condensed answers to two).
    package func substitute(for family: String, language: String) -> String? {
        let asked = FontFamilyName.names(in: family)
        guard !asked.isEmpty, !asked.contains(where: FontFamilyName.isGeneric) else { return nil }
        let names = familyNamesOfFont(loadedFor: family, language: language)
        guard let used = names.first else { return nil }
        let keys = Set(names.map(FontFamilyName.key))
        return asked.contains { keys.contains(FontFamilyName.key($0)) } ? nil : used
    }

    /// Requests remembered per library before the memory starts over: a batch whose rows each
    /// name another family must not grow it without bound.
    private static let loadedFamilyCapacity = 1024

    /// The family names (fontconfig's `family` values, the first being the one Pango reports)
    /// of the font Pango loads for `family` in `language`: the same request and font map layout
    /// uses, so the answer is the font text is drawn in (for characters it has). Empty when
    /// Pango loads no font.
    func familyNamesOfFont(loadedFor family: String, language: String) -> [String] {
        PangoLock.withLock {
            let key = language + "\u{0}" + family
            if let known = loadedFamilyNames[key] { return known }
            let context = makeContext(language: language)
            let description = pango_font_description_new()!
            defer { pango_font_description_free(description) }
            pango_font_description_set_family(description, family)
            pango_font_description_set_absolute_size(description, 17 * Double(PANGO_SCALE))
            let names: [String] = context.withUnsafeMutablePangoContext { context in
                fontMap.withUnsafeMutablePangoFontMap { map in
                    guard let font = pango_font_map_load_font(map, context, description) else { return [] }
                    defer { g_object_unref(font) }
                    guard let fcFont = te_fc_font(font), let pattern = pango_fc_font_get_pattern(fcFont) else { return [] }
                    return Self.strings(FC_FAMILY, of: pattern)
                }
            }
            if loadedFamilyNames.count >= Self.loadedFamilyCapacity { loadedFamilyNames.removeAll() }
            loadedFamilyNames[key] = names
            return names
        }
    }

    /// Every family fontconfig has here, sorted by name, with its styles: what `fc-list : family
    /// style` shows, one entry per family name (a face with two names is under both). A family
    /// with a face from an added folder (a scene's `fonts.directories`) says so.
    package var installedFamilies: [InstalledFontFamily] {
        var styles: [String: Set<String>] = [:], names: [String: String] = [:], added: Set<String> = []
        PangoLock.withLock {
            fontMap.withFcConfig { config in
                for set in [FcSetSystem, FcSetApplication] {
                    guard let fonts = FcConfigGetFonts(config, set) else { continue }
                    for index in 0..<Int(fonts.pointee.nfont) {
                        guard let pattern = fonts.pointee.fonts[index] else { continue }
                        let families = Self.strings(FC_FAMILY, of: pattern), faceStyles = Self.strings(FC_STYLE, of: pattern)
                        let file = Self.strings(FC_FILE, of: pattern).first ?? ""
                        let fromFolder = addedDirectories.contains { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
                        for (position, family) in families.enumerated() {
                            let key = FontFamilyName.key(family)
                            // fontconfig pairs the n-th family name with the n-th style name
                            // (typographic and legacy names); a face with fewer styles repeats its last.
                            let style = faceStyles.isEmpty ? nil : faceStyles[min(position, faceStyles.count - 1)]
                            names[key] = names[key].map { min($0, family) } ?? family
                            styles[key, default: []].formUnion(style.map { [$0] } ?? [])
                            if fromFolder { added.insert(key) }
                        }
                    }
                }
            }
        }
        return names.map { key, name in
            InstalledFontFamily(name: name, styles: styles[key, default: []].sorted(), isFromAddedFolder: added.contains(key))
        }.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// Every string value of `object` (`FC_FAMILY`, `FC_STYLE`, `FC_FILE`) in `pattern`, in order.
    private static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let found = value {
            values.append(String(cString: found))
            index += 1
        }
        return values
    }
}
