/// HTML character references in WebVTT cue text (`&amp;`, `&#233;`, `&#x1F600;`), as the cue
/// text tokenizer's "consume an HTML character reference" reads them.
///
/// Numeric references follow HTML exactly (a missing `;` is tolerated, 0 and surrogates and
/// values past U+10FFFF become U+FFFD, 0x80–0x9F map through Windows-1252). Named references
/// are the ones the WebVTT specification lists (`&amp;` `&lt;` `&gt;` `&lrm;` `&rlm;` `&nbsp;`)
/// plus a few common in subtitles (`&quot;` `&apos;` `&hellip;` `&mdash;` `&ndash;`, quotes,
/// `&copy;` `&reg;` `&trade;` `&deg;` `&euro;`); any other name is kept as written, as HTML
/// keeps an unknown one. Names HTML accepts without `;` (`&amp`, `&nbsp`, …) are accepted so too.
enum CharacterReference {
    /// Name (with `;` when it requires one) → text.
    static let named: [String: String] = [
        "amp;": "&", "amp": "&", "lt;": "<", "lt": "<", "gt;": ">", "gt": ">",
        "nbsp;": "\u{A0}", "nbsp": "\u{A0}", "quot;": "\"", "quot": "\"",
        "copy;": "©", "copy": "©", "reg;": "®", "reg": "®", "deg;": "°", "deg": "°",
        "lrm;": "\u{200E}", "rlm;": "\u{200F}", "apos;": "'", "hellip;": "…", "mdash;": "—", "ndash;": "–",
        "lsquo;": "‘", "rsquo;": "’", "ldquo;": "“", "rdquo;": "”", "trade;": "™", "euro;": "€",
    ]

    /// Reads a reference after an `&` at `position`; on success moves `position` past it and
    /// returns its text, otherwise leaves `position` alone and returns nil (the `&` stays text).
    static func consume(_ s: ArraySlice<Unicode.Scalar>, at position: inout Int,
                        additionalAllowed: Unicode.Scalar? = nil) -> String? {
        guard position < s.endIndex else { return nil }
        let c = s[position]
        if c.isASCIIWhitespace || c == "<" || c == "&" || c == additionalAllowed { return nil }
        if c == "#" { return numeric(s, at: &position) }
        // The longest name (alphanumerics, at most 32) that the table knows.
        var end = position
        while end < s.endIndex, end - position < 32, s[end].properties.isASCIIHexDigit || ("a"..."z").contains(s[end]) || ("A"..."Z").contains(s[end]) || s[end].isASCIIDigit {
            end += 1
        }
        let name = s[position..<end].string
        if end < s.endIndex, s[end] == ";", let text = named[name + ";"] {
            position = end + 1
            return text
        }
        var length = name.unicodeScalars.count
        while length > 0 {
            if let text = named[String(name.prefix(length))] {
                position += length
                return text
            }
            length -= 1
        }
        return nil
    }

    private static func numeric(_ s: ArraySlice<Unicode.Scalar>, at position: inout Int) -> String? {
        var i = position + 1
        let hex = i < s.endIndex && (s[i] == "x" || s[i] == "X")
        if hex { i += 1 }
        var value: UInt32 = 0
        var count = 0
        while i < s.endIndex, hex ? s[i].properties.isASCIIHexDigit : s[i].isASCIIDigit {
            let digit = UInt32(String(s[i]), radix: 16)!
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            count += 1
            i += 1
        }
        guard count > 0 else { return nil }
        if i < s.endIndex, s[i] == ";" { i += 1 }
        position = i
        if (0x80...0x9F).contains(value) { return String(CaptionTextDecoder.windows1252(UInt8(value))) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(scalar)
    }
}
