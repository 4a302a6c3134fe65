import CPango

/// Where Pango's break rules (UAX #29 and #14, as `PangoLogAttr` holds them) let text be split
/// before one character: the Swift values both copying a layout out and truncating it read.
struct CharacterBreaks: OptionSet, Sendable {
    let rawValue: UInt8

    /// A grapheme cluster starts here: a cursor may stop before the character.
    static let cursorPosition = CharacterBreaks(rawValue: 1 << 0)
    /// A word starts here.
    static let wordStart = CharacterBreaks(rawValue: 1 << 1)
    /// A word starts or ends here.
    static let wordBoundary = CharacterBreaks(rawValue: 1 << 2)
    /// The character is white space.
    static let white = CharacterBreaks(rawValue: 1 << 3)
    /// A line may break before the character (UAX #14).
    static let lineBreak = CharacterBreaks(rawValue: 1 << 4)
    /// A line must break before the character (after a paragraph separator).
    static let mandatoryBreak = CharacterBreaks(rawValue: 1 << 5)
    /// A word too long for its line may break before the character.
    static let characterBreak = CharacterBreaks(rawValue: 1 << 6)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ attribute: PangoLogAttr) {
        var breaks: CharacterBreaks = []
        if attribute.is_cursor_position != 0 { breaks.insert(.cursorPosition) }
        if attribute.is_word_start != 0 { breaks.insert(.wordStart) }
        if attribute.is_word_boundary != 0 { breaks.insert(.wordBoundary) }
        if attribute.is_white != 0 { breaks.insert(.white) }
        if attribute.is_line_break != 0 { breaks.insert(.lineBreak) }
        if attribute.is_mandatory_break != 0 { breaks.insert(.mandatoryBreak) }
        if attribute.is_char_break != 0 { breaks.insert(.characterBreak) }
        self = breaks
    }
}

extension PangoLayoutObject {
    /// Walks the layout's break attributes, the one place they are read as Swift values: for
    /// each Unicode scalar of `text` (the layout's own text) its byte offset, the scalar and the
    /// breaks before it, then the end of the text (scalar nil) with the breaks there. A scalar
    /// past what Pango reports gets no breaks; call with the Pango lock held.
    func forEachCharacterBreak(in text: String, _ body: (_ offset: Int, _ scalar: Unicode.Scalar?, _ breaks: CharacterBreaks) -> Void) {
        withUnsafeMutablePangoLayout { layout in
            var count: Int32 = 0
            let attributes = pango_layout_get_log_attrs_readonly(layout, &count)!
            var offset = 0, index = 0
            for scalar in text.unicodeScalars {
                body(offset, scalar, index < Int(count) ? CharacterBreaks(attributes[index]) : [])
                offset += UTF8.width(scalar)
                index += 1
            }
            if index < Int(count) { body(offset, nil, CharacterBreaks(attributes[index])) }
        }
    }
}
