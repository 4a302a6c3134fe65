import CPango

/// Where to end Pango's items inside very long stretches of text that cannot break, so that
/// laying such a stretch out takes time linear in its length.
///
/// Pango 1.50 shapes what is left of an item again for every line it breaks the item across
/// when no break opportunity lies within the line (process_item tries the item's end as the
/// break): a 100,000-character word took seconds, a million-character one many minutes. An
/// item ends wherever an itemizing attribute starts, so a font attribute that changes nothing,
/// every `maximumLength` characters of such a stretch, bounds that work. Only the shaping across
/// each cut can change (a kerning pair; cuts fall between graphemes), and only in stretches far
/// longer than any line.
enum UnbrokenRuns {
    /// The most characters an item holds without a line break opportunity.
    static let maximumLength = 1000

    /// Byte offsets at which to start a new item, in order.
    static func cuts(in text: String, language: String) -> [Int] {
        // Stretches of non-white characters at least `maximumLength` long: only they can hold one.
        var stretches: [(start: Int, end: Int, characters: Int)] = []
        var start = 0, offset = 0, characters = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if scalar.properties.isWhitespace {
                if characters >= maximumLength { stretches.append((start, offset, characters)) }
                start = offset + width
                characters = 0
            } else {
                characters += 1
            }
            offset += width
        }
        if characters >= maximumLength { stretches.append((start, offset, characters)) }
        guard !stretches.isEmpty else { return [] }

        let bytes = Array(text.utf8)
        let pangoLanguage = pango_language_from_string(language)
        var cuts: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            for stretch in stretches {
                var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: stretch.characters + 1)
                pango_get_log_attrs(base + stretch.start, Int32(stretch.end - stretch.start), -1, pangoLanguage,
                                    &attributes, Int32(stretch.characters + 1))
                var sinceBreak = 0, byte = stretch.start
                for index in 0..<stretch.characters {
                    if attributes[index].is_line_break != 0 { sinceBreak = 0 }
                    if sinceBreak >= maximumLength, attributes[index].is_cursor_position != 0 {
                        cuts.append(byte)
                        sinceBreak = 0
                    }
                    sinceBreak += 1
                    byte += sequenceLength(lead: buffer[byte])
                }
            }
        }
        return cuts
    }

    /// The length of the UTF-8 sequence that starts with `lead`.
    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0..<0xC0: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }
}
