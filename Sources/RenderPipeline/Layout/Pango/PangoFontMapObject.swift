import CPango

/// Owns one reference to a Pango (Cairo, fontconfig) font map: the fonts a `FontLibrary` offers.
final class PangoFontMapObject: @unchecked Sendable {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>

    /// A new font map over fontconfig's current configuration; call with the Pango lock held.
    init() {
        fontMap = pango_cairo_font_map_new()!
    }

    /// A new font map over `configuration` instead of the current one; call with the lock held.
    convenience init(configuration: FontconfigConfiguration) {
        self.init()
        configuration.withUnsafeMutableFcConfig { pango_fc_font_map_set_config(te_fc_font_map(fontMap), $0) }
    }

    /// Lends the font map to `body`; the pointer is valid only inside it.
    func withUnsafeMutablePangoFontMap<R>(_ body: (UnsafeMutablePointer<PangoFontMap>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(fontMap) }
    }

    /// Lends the font map's fontconfig configuration to `body`: nil for fontconfig's current
    /// one (the system's map), which fontconfig's calls take nil for. Call with the Pango lock held.
    func withFcConfig<R>(_ body: (OpaquePointer?) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(pango_fc_font_map_get_config(te_fc_font_map(fontMap))) }
    }

    /// The names of the families the font map knows, unsorted; call with the Pango lock held.
    var familyNames: [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { i in
            families?[i].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }
    }

    deinit {
        // Dropping the last reference runs Pango's finalizers, which must not race other Pango calls.
        let fontMap = self.fontMap
        PangoLock.withLock { g_object_unref(fontMap) }
    }
}
