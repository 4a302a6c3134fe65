import CPango

/// Where Pango's line breaker (UAX #14 with its tailorings, soft hyphens included) may break a
/// text: what a table column's narrowest width is measured by, so a column is never sized for
/// a break the line breaker then refuses (inside `https://`, before a closing bracket).
enum LineBreakOpportunities {
    /// For each byte offset of `text`, whether a line may break before the character there;
    /// call with the Pango lock held.
    static func breaks(in text: String, language: String) -> [Bool] {
        let bytes = Array(text.utf8)
        var result = [Bool](repeating: false, count: bytes.count + 1)
        guard !bytes.isEmpty else { return result }
        let characters = text.unicodeScalars.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            pango_get_log_attrs(base, Int32(bytes.count), -1, pango_language_from_string(language), &attributes, Int32(characters + 1))
        }
        var offset = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            result[offset] = attributes[index].is_line_break != 0
            offset += UTF8.width(scalar)
        }
        result[bytes.count] = true
        return result
    }
}
