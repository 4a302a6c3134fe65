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

    /// The text cut after `limit` characters, saying how many were left out, so a bad
    /// megabyte-long value is not echoed back whole.
    package func cutForMessages(after limit: Int) -> String {
        guard utf8.count > limit, count > limit else { return self }
        return "\(prefix(limit))… (\(count) characters)"
    }

    /// One printable line of at most `limit` characters: escaped, then cut in the middle so the
    /// start (where) and the end (what to do) both survive.
    package func oneMessageLine(limit: Int = 1_000) -> String {
        let line = escapingControlCharacters
        guard line.utf8.count > limit, line.count > limit else { return line }
        let keep = (limit - 40) / 2
        return "\(line.prefix(keep)) … (\(line.count - 2 * keep) characters left out) … \(line.suffix(keep))"
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
