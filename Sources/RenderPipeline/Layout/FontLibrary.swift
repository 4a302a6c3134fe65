import CCairo
import CPango
import Foundation

/// The fonts text is laid out with: fontconfig's configuration (honouring `FONTCONFIG_FILE`)
/// plus any extra folders a scene names, behind one Pango font map.
///
/// Emoji runs draw in colour under any configuration (see `EmojiFamilyRule`).
///
/// Layout settings are fixed for smooth animation and reproducible output: 72 dpi (1 pt = 1 px),
/// grayscale antialiasing, no hinting, unhinted metrics and unrounded glyph positions.
public final class FontLibrary: @unchecked Sendable {
    let fontMap: GObjectReference

    /// The system's fonts, shared by everything that names no extra folders.
    public static let system: FontLibrary = FontLibrary(fontMap: PangoLock.withLock {
        FcInit()
        EmojiFamilyRule.install(in: nil)
        return GObjectReference(taking: pango_cairo_font_map_new()!)
    })

    private init(fontMap: GObjectReference) {
        self.fontMap = fontMap
    }

    /// The system's fonts plus the fonts in `directories`, for this library only.
    public convenience init(addingDirectories directories: [String]) throws {
        guard !directories.isEmpty else {
            self.init(fontMap: FontLibrary.system.fontMap)
            return
        }
        let map: GObjectReference = try PangoLock.withLock {
            guard let config = FcInitLoadConfigAndFonts() else { throw LayoutError.fontConfigurationUnloadable }
            defer { FcConfigDestroy(config) }
            for directory in directories {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw LayoutError.fontsNotAFolder(directory)
                }
                guard FcConfigAppFontAddDir(config, directory) != 0 else {
                    throw LayoutError.fontsUnreadable(folder: directory)
                }
            }
            EmojiFamilyRule.install(in: config)
            let map = pango_cairo_font_map_new()!
            pango_fc_font_map_set_config(te_fc_font_map(map), config)
            return GObjectReference(taking: map)
        }
        self.init(fontMap: map)
    }

    /// The fonts for a scene: the system's plus `directories`, refusing a configuration in which
    /// fontconfig finds no font at all (nothing could be drawn).
    public static func forScene(addingDirectories directories: [String]) throws -> FontLibrary {
        let fonts = try FontLibrary(addingDirectories: directories)
        guard !fonts.familyNames.isEmpty else {
            throw LayoutError.noFonts
        }
        return fonts
    }

    /// A new Pango context with the library's fixed rendering settings; call with the lock held.
    func makeContext(language: String) -> GObjectReference {
        let context = pango_font_map_create_context(fontMap.typed(PangoFontMap.self))!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string(language))
        return GObjectReference(taking: context)
    }

    /// Starts loading the system's fonts on another thread, so that fontconfig reads its
    /// configuration and caches while the caller parses arguments and reads a scene.
    public static func preload() {
        DispatchQueue.global(qos: .userInitiated).async {
            // Outside the Pango lock, which the caller's thread may need meanwhile: FcInit is
            // thread-safe, and the font map finds it done.
            FcInit()
            _ = system.familyNames
        }
    }

    /// Filled on first use, under the Pango lock: the fonts of a library do not change.
    private var cachedFamilyNames: [String]?

    /// The families fontconfig knows, sorted; for error messages and `texteffects fonts`.
    public var familyNames: [String] {
        PangoLock.withLock {
            if let cachedFamilyNames { return cachedFamilyNames }
            var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
            var count: Int32 = 0
            pango_font_map_list_families(fontMap.typed(PangoFontMap.self), &families, &count)
            defer { g_free(families) }
            let names = (0..<Int(count)).compactMap { i in
                families?[i].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
            }.sorted()
            cachedFamilyNames = names
            return names
        }
    }
}
