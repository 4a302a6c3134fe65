import CPango
import Foundation

/// Makes fontconfig's generic `emoji` family resolve to a colour emoji font in any configuration.
///
/// Pango segments text into emoji and text runs itself (UTS #51: presentation sequences, keycaps,
/// flags, ZWJ, skin-tone and tag sequences; U+FE0E stays text) and asks for the family `emoji`
/// for every emoji run. Desktop configurations alias that name (`60-generic.conf`), but a
/// minimal one, such as the pinned test fonts or a container's, does not: the request then falls
/// to the default text font, and `♥️` or `#️⃣` come out as black glyphs. This rule adds the
/// configuration's own colour emoji font after `emoji`, so an existing alias still wins.
enum EmojiFamilyRule {
    /// Adds the rule to `config` (nil: the current configuration); returns the family it names,
    /// or nil when fontconfig has no colour font that declares emoji (`lang=und-zsye`).
    @discardableResult
    static func install(in configuration: FontconfigConfiguration?) -> String? {
        guard let family = colourEmojiFamily(in: configuration) else { return nil }
        let escaped = family.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let rule = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig>
            <match target="pattern"><test name="family"><string>emoji</string></test>
            <edit name="family" mode="append" binding="same"><string>\(escaped)</string></edit></match>
            </fontconfig>
            """
        // Unlike FcFontList, the parser takes no nil for "current".
        let loaded = withConfig(configuration) { config in
            guard let target = config ?? FcConfigGetCurrent() else { return false }
            return FcConfigParseAndLoadFromMemory(target, rule, 0) != 0
        }
        return loaded ? family : nil
    }

    /// The colour emoji family `config` has: Noto Color Emoji when present, else the first by name.
    static func colourEmojiFamily(in configuration: FontconfigConfiguration?) -> String? {
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, FC_COLOR, 1)
        let languages = FcLangSetCreate()!
        defer { FcLangSetDestroy(languages) }
        FcLangSetAdd(languages, "und-zsye")
        FcPatternAddLangSet(pattern, FC_LANG, languages)
        let objects = te_fc_object_set_family()!
        defer { FcObjectSetDestroy(objects) }
        guard let list = withConfig(configuration, { FcFontList($0, pattern, objects) }) else { return nil }
        defer { FcFontSetDestroy(list) }
        var families: [String] = []
        for i in 0..<Int(list.pointee.nfont) {
            var name: UnsafeMutablePointer<FcChar8>?
            if let font = list.pointee.fonts[i], FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch, let name {
                families.append(String(cString: name))
            }
        }
        return families.contains("Noto Color Emoji") ? "Noto Color Emoji" : families.sorted().first
    }

    /// Lends `configuration` to `body`, or nil (fontconfig's current configuration) for none.
    private static func withConfig<R>(_ configuration: FontconfigConfiguration?, _ body: (OpaquePointer?) -> R) -> R {
        guard let configuration else { return body(nil) }
        return configuration.withUnsafeMutableFcConfig { body($0) }
    }
}
