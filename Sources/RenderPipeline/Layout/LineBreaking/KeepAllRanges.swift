/// The stretches of text `word-break: keep-all` keeps on one line: runs of letters, marks and
/// numbers that hold a CJK or Hangul character (other words have no break inside them anyway).
enum KeepAllRanges {
    /// UTF-8 byte ranges of `text`, in order.
    static func ranges(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        var hasCJK = false
        var offset = 0
        func close() {
            if let start, hasCJK, offset - start > 0 { ranges.append(start..<offset) }
            start = nil
            hasCJK = false
        }
        for scalar in text.unicodeScalars {
            if isWordPart(scalar) {
                if start == nil { start = offset }
                if isCJK(scalar) { hasCJK = true }
            } else {
                close()
            }
            offset += UTF8.width(scalar)
        }
        close()
        return ranges
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    /// Han, kana and Hangul: the scripts whose characters break apart by default.
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeScript.breaksApartByDefault(scalar)
    }
}
