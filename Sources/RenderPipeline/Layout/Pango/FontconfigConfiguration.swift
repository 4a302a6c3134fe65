import CPango

/// Owns one fontconfig configuration while it is being filled, before a font map takes it.
final class FontconfigConfiguration {
    private let config: OpaquePointer

    /// fontconfig's default configuration with its fonts loaded, or nil when fontconfig cannot
    /// read it; call with the Pango lock held.
    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    /// Adds the fonts in `directory` for this configuration only; false when fontconfig cannot read them.
    func addFontDirectory(_ directory: String) -> Bool {
        FcConfigAppFontAddDir(config, directory) != 0
    }

    /// Lends the configuration to `body`; the pointer is valid only inside it.
    func withUnsafeMutableFcConfig<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(config) }
    }

    deinit {
        // A font map given the configuration holds its own reference.
        FcConfigDestroy(config)
    }
}
