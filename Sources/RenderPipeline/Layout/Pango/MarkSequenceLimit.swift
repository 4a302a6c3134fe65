/// The bound on combining marks in a row that keeps shaping linear: marks past the 30th after
/// one base character are left out of the layout.
///
/// HarfBuzz attaches every mark to its base by searching back over the marks before it, so one
/// base followed by N marks costs N² (CVE-2023-25193; 80,000 marks took 34 s). Unicode's
/// stream-safe text format (UAX #15) bounds the same sequences at 30 non-starters, and no font
/// stacks more than a handful visibly, so what is left out was never legible. Invisible
/// characters that are not marks (joiners, tag characters) neither count nor end a sequence,
/// since the search skips them too.
enum MarkSequenceLimit {
    /// The most marks kept after one base character, as in Unicode's stream-safe text format.
    static let maximumMarks = 30

    /// `text` with every run of marks longer than ``maximumMarks`` cut to its first marks. A run
    /// may cross span boundaries; the same text when nothing is over the limit.
    static func limited(_ text: RichText) -> RichText {
        var marks = 0
        var result = text
        for i in result.spans.indices {
            guard case .text(let string) = result.spans[i].content else {
                marks = 0  // an image or tag is a base of its own
                continue
            }
            if let limited = limited(string, marksBefore: &marks) { result.spans[i].content = .text(limited) }
        }
        return result
    }

    /// `string` without the marks past the limit, or nil when it keeps all of them; `marks`
    /// carries the length of the open run into the next span.
    static func limited(_ string: String, marksBefore marks: inout Int) -> String? {
        // Marks start at U+0300 (UTF-8 lead byte 0xCC): text below it, most text, needs no
        // look at categories. Its only invisible character is the soft hyphen.
        if string.utf8.allSatisfy({ $0 < 0xCC }) {
            if string.unicodeScalars.contains(where: { $0 != "\u{AD}" }) { marks = 0 }
            return nil
        }
        let scalars = string.unicodeScalars
        var kept: String.UnicodeScalarView?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            var keep = true
            if isMark(scalar) {
                marks += 1
                keep = marks <= maximumMarks
            } else if !scalar.properties.isDefaultIgnorableCodePoint {
                marks = 0
            }
            if !keep, kept == nil { kept = String.UnicodeScalarView(scalars[..<index]) }
            if keep { kept?.append(scalar) }
            index = scalars.index(after: index)
        }
        return kept.map(String.init)
    }

    /// Whether HarfBuzz treats `scalar` as a mark: the three mark categories.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
