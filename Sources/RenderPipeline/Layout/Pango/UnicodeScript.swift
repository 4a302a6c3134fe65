import CPango

/// Unicode script questions answered by GLib's script property, as Pango itself itemizes by it.
enum UnicodeScript {
    /// Whether `scalar` is Han, kana or Hangul: the scripts whose characters break apart by default.
    static func breaksApartByDefault(_ scalar: Unicode.Scalar) -> Bool {
        let script = g_unichar_get_script(scalar.value)
        return script == G_UNICODE_SCRIPT_HAN || script == G_UNICODE_SCRIPT_HANGUL
            || script == G_UNICODE_SCRIPT_HIRAGANA || script == G_UNICODE_SCRIPT_KATAKANA
    }
}
