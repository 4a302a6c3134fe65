import Foundation

/// Bytes of a caption file to text with `\n` line ends, as the WebVTT parser's first steps say:
/// UTF-8 (a byte-order mark is dropped, invalid bytes become U+FFFD), U+0000 becomes U+FFFD,
/// CRLF and lone CR become LF.
///
/// SubRip has no declared encoding, and older files are often Windows-1252: a `.srt` that is
/// not valid UTF-8 is read as Windows-1252 (with a warning). UTF-16 with a byte-order mark is
/// read too (some Windows tools write it).
enum CaptionTextDecoder {
    /// The file's text as Unicode scalars, and a note when it was not UTF-8.
    static func scalars(of data: Data, allowLegacyEncodings: Bool) -> (scalars: [Unicode.Scalar], note: String?) {
        let bytes = [UInt8](data)
        var raw: [Unicode.Scalar]
        var note: String?
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            raw = Array(String(decoding: units, as: UTF16.self).unicodeScalars)
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
            if allowLegacyEncodings, String(validating: body, as: UTF8.self) == nil {
                raw = body.map { windows1252($0) }
                note = "is not UTF-8; read as Windows-1252 (save it as UTF-8 to be sure)"
            } else {
                raw = Array(String(decoding: body, as: UTF8.self).unicodeScalars)
            }
        }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let c = raw[i]
            if c == "\r" {
                out.append("\n")
                if i + 1 < raw.count, raw[i + 1] == "\n" { i += 1 }
            } else if c == "\u{0}" {
                out.append("\u{FFFD}")
            } else {
                out.append(c)
            }
            i += 1
        }
        return (out, note)
    }

    /// The scalars split at LF; a final LF does not start an extra empty line.
    static func lines(_ scalars: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        if scalars.last == "\n" { lines.removeLast() }
        return lines
    }

    /// Byte 0x80–0x9F in Windows-1252 (the rest is Latin-1); HTML maps numeric references there too.
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let table: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
                               0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                               0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        return Unicode.Scalar(table[Int(byte) - 0x80]) ?? "\u{FFFD}"
    }
}

extension ArraySlice where Element == Unicode.Scalar {
    /// The scalars as a String.
    var string: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: self)
        return String(view)
    }

    /// True when the slice holds `needle` somewhere.
    func contains(_ needle: String) -> Bool {
        let n = Array(needle.unicodeScalars)
        guard n.count <= count else { return false }
        var i = startIndex
        while i + n.count <= endIndex {
            if self[i] == n[0] && self[i..<i + n.count].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }

    var isASCIIWhitespaceOnly: Bool { allSatisfy(\.isASCIIWhitespace) }
}

extension Unicode.Scalar {
    /// The WHATWG's ASCII whitespace: tab, LF, FF, CR, space.
    var isASCIIWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\u{C}" || self == "\r" }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension RandomAccessCollection where Element == Unicode.Scalar, Index == Int {
    /// The run of ASCII digits at `position`, which moves past it: how many, and their value
    /// (past 12 digits the value stops growing: such a number is too large anyway).
    func digitRun(at position: inout Int) -> (count: Int, value: Int) {
        var count = 0, value = 0
        while position < endIndex, self[position].isASCIIDigit {
            if count < 12 { value = value * 10 + Int(self[position].value - 48) }
            count += 1
            position += 1
        }
        return (count, value)
    }
}
