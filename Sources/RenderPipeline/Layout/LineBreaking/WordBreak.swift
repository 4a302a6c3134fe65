/// Where lines may break inside words, as CSS `word-break`.
package enum WordBreak: String, CaseIterable, Hashable, Sendable {
    /// The Unicode line-breaking rules: between any two CJK characters, at spaces elsewhere.
    case normal
    /// CJK and Hangul words stay whole: lines break at spaces and punctuation only, as Korean
    /// apps set text (CSS `word-break: keep-all`). A word wider than the line still breaks.
    case keepAll = "keep-all"
}
