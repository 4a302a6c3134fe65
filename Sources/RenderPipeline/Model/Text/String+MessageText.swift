import Foundation

/// Text from a user's file made safe to print as part of a one-line message.
extension String {
    /// The text with control characters (and Unicode's line and paragraph separators) written as
    /// escapes, so a problem stays on its one line and a terminal runs no escape sequence from a
    /// scene: `"a\nb"` → `a\nb`, ESC → `\u{1B}`.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar) else { result.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// UTF-8 bytes a cut keeps per character it may keep: one character can be any number of
    /// scalars ("a" and 50,000 combining marks is one), so a cut counts bytes as well.
    static let messageBytesPerCharacter = 3

    /// The text cut after `limit` characters and `limit` × 3 UTF-8 bytes (at a scalar's end),
    /// saying how long it was, so a bad megabyte-long value is not echoed back whole.
    package func cutForMessages(after limit: Int) -> String {
        guard utf8.count > limit else { return self }
        let end = messagePrefixEnd(characters: limit, bytes: limit * Self.messageBytesPerCharacter)
        guard end < endIndex else { return self }
        let length = count > limit ? "\(count) characters" : "\(utf8.count) bytes"
        return "\(String(unicodeScalars[..<end]))… (\(length))"
    }

    /// One printable line of at most `limit` characters and `limit` × 3 UTF-8 bytes: escaped,
    /// then cut in the middle so the start (where) and the end (what to do) both survive.
    package func oneMessageLine(limit: Int = 1_000) -> String {
        let line = escapingControlCharacters
        let byteLimit = limit * Self.messageBytesPerCharacter
        guard line.utf8.count > limit, line.count > limit || line.utf8.count > byteLimit else { return line }
        let keep = (limit - 40) / 2
        let head = line.messagePrefixEnd(characters: keep, bytes: keep * Self.messageBytesPerCharacter)
        let tail = max(head, line.messageSuffixStart(characters: keep, bytes: keep * Self.messageBytesPerCharacter))
        let middle = Substring(line.unicodeScalars[head..<tail])
        let leftOut = line.count > limit ? "\(middle.count) characters" : "\(middle.utf8.count) bytes"
        return "\(Substring(line.unicodeScalars[..<head])) … (\(leftOut) left out) … \(Substring(line.unicodeScalars[tail...]))"
    }

    /// Where the longest start of the text of at most `characters` characters and `bytes` UTF-8
    /// bytes ends: a character's end, or within one huge character at a scalar's end.
    private func messagePrefixEnd(characters: Int, bytes: Int) -> String.Index {
        let byCharacters = index(startIndex, offsetBy: characters, limitedBy: endIndex) ?? endIndex
        var end = unicodeScalars.startIndex
        var used = 0
        while end < byCharacters {
            let width = UTF8.width(unicodeScalars[end])
            guard used + width <= bytes else { break }
            used += width
            end = unicodeScalars.index(after: end)
        }
        return end
    }

    /// Where the longest end of the text of at most `characters` characters and `bytes` UTF-8
    /// bytes starts, likewise.
    private func messageSuffixStart(characters: Int, bytes: Int) -> String.Index {
        let byCharacters = index(endIndex, offsetBy: -characters, limitedBy: startIndex) ?? startIndex
        var start = unicodeScalars.endIndex
        var used = 0
        while start > byCharacters {
            let previous = unicodeScalars.index(before: start)
            let width = UTF8.width(unicodeScalars[previous])
            guard used + width <= bytes else { break }
            used += width
            start = previous
        }
        return start
    }

    /// A library's message that may span lines (libxml2's through librsvg, Pango's) as one
    /// line: its lines trimmed and joined with spaces, the blank ones left out.
    package var joiningLines: String {
        split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
