extension String {
    /// The text without soft hyphens (U+00AD), which mark where a line may break and show only there.
    var removingSoftHyphens: String {
        // U+00AD is C2 AD in UTF-8; most text has none and is returned as it is.
        guard utf8.contains(0xAD) else { return self }
        return String(unicodeScalars.filter { $0 != "\u{AD}" }.map(Character.init))
    }
}
