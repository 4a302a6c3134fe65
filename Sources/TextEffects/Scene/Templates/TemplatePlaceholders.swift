import Foundation

/// The `{{name}}` placeholders of a template string: names of letters, digits, `_`, `-` and `.`
/// (starting with a letter or `_`), with optional spaces inside the braces. Anything else
/// between double braces is left as written.
enum TemplatePlaceholders {
    /// One placeholder: its name and where it stands in the string.
    struct Match {
        var name: String
        var range: Range<String.Index>
    }

    static func matches(in text: String) -> [Match] {
        // Positions as UTF-8 offsets, which hold for any string of the same bytes.
        let found = known.value(for: text) { text in
            scan(text).map { match in
                (match.name, text.utf8.distance(from: text.startIndex, to: match.range.lowerBound),
                 text.utf8.distance(from: text.startIndex, to: match.range.upperBound))
            }
        }
        return found.map { name, start, end in
            Match(name: name, range: text.utf8.index(text.startIndex, offsetBy: start)..<text.utf8.index(text.startIndex, offsetBy: end))
        }
    }

    /// The placeholders of the strings seen so far: a batch fills the same template strings (and
    /// output name) for every row, and searching them with Foundation was a tenth of a row's decoding.
    private static let known = ExactTextMemo<[(name: String, start: Int, end: Int)]>()

    /// The placeholders of `text`, searched for.
    private static func scan(_ text: String) -> [Match] {
        guard text.contains("{{") else { return [] }
        var found: [Match] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "{{", range: searchStart..<text.endIndex) {
            guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else { break }
            let inner = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if isName(inner) {
                found.append(Match(name: inner, range: open.lowerBound..<close.upperBound))
                searchStart = close.upperBound
            } else {
                searchStart = text.index(after: open.lowerBound)
            }
        }
        return found
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }
    }
}
