import CPango

/// Where to end Pango's items inside very long paragraphs, so that laying them out takes time
/// linear in their length and their widths fit Pango's 32-bit units.
///
/// Pango 1.50 shapes what is left of an item again for every line it breaks the item across
/// when no break opportunity lies within the line (process_item tries the item's end as the
/// break): a 100,000-character word took seconds, a million-character one many minutes. For
/// every line it also sums the widths of the whole rest of the item, and it measures the item
/// whole: past about 2,100,000 points (some 250,000 characters at 16 pt) that sum overflows,
/// the item "fits", and the paragraph is not wrapped at all. An item ends wherever an itemizing
/// attribute starts, so a font attribute that changes nothing bounds each item: every
/// `maximumLength` characters of a stretch without a break opportunity, and at the first word
/// start after every `paragraphItemLength` characters of a paragraph longer than
/// `longParagraph`. Only the shaping across a cut can change (a kerning pair with a space, or
/// inside an unbreakable stretch between graphemes), and only in paragraphs far longer than a
/// screen.
enum UnbrokenRuns {
    /// The most characters an item holds without a line break opportunity.
    static let maximumLength = 1000
    /// The characters from which a paragraph's items are cut at word starts.
    static let longParagraph = 8192
    /// About how many characters each item of a long paragraph holds.
    static let paragraphItemLength = 2048

    /// Byte offsets at which to start a new item, in order.
    static func cuts(in text: String, language: String) -> [Int] {
        let words = wordCuts(in: text)
        let unbreakable = unbreakableCuts(in: text, language: language)
        guard !words.isEmpty else { return unbreakable }
        return Array(Set(words + unbreakable)).sorted()
    }

    /// In paragraphs longer than `longParagraph` characters, the first word start (a character
    /// after white space) once `paragraphItemLength` characters have passed since the last cut.
    static func wordCuts(in text: String) -> [Int] {
        var cuts: [Int] = []
        var paragraphStart = 0, offset = 0, characters = 0
        var paragraphs: [(start: Int, end: Int)] = []
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" {
                if characters > longParagraph { paragraphs.append((paragraphStart, offset)) }
                paragraphStart = offset + width
                characters = 0
            } else {
                characters += 1
            }
            offset += width
        }
        if characters > longParagraph { paragraphs.append((paragraphStart, offset)) }
        guard !paragraphs.isEmpty else { return [] }
        let utf8 = text.utf8
        for paragraph in paragraphs {
            var since = 0, afterWhite = false, byte = paragraph.start
            let start = utf8.index(utf8.startIndex, offsetBy: paragraph.start)
            let end = utf8.index(utf8.startIndex, offsetBy: paragraph.end)
            for scalar in text.unicodeScalars[start..<end] {
                let white = scalar.properties.isWhitespace
                if afterWhite, !white, since >= paragraphItemLength {
                    cuts.append(byte)
                    since = 0
                }
                afterWhite = white
                since += 1
                byte += UTF8.width(scalar)
            }
        }
        return cuts
    }

    /// Every `maximumLength` characters of a stretch without a line break opportunity, at grapheme starts.
    static func unbreakableCuts(in text: String, language: String) -> [Int] {
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
