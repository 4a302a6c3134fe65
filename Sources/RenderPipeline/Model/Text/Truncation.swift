/// How text that does not fit its line limit or frame height is cut, and what marks the cut.
package struct Truncation: Hashable, Sendable {
    /// Where text is removed.
    public enum Mode: String, CaseIterable, Hashable, Sendable, Codable {
        /// Keep the start, cut the end: "A long text…".
        case tail
        /// Keep the end, cut the start: "…the end of it".
        case head
        /// Keep both ends, cut the middle: "A long…of it".
        case middle
    }

    /// Where a cut may fall.
    public enum BreakOn: String, CaseIterable, Hashable, Sendable, Codable {
        case grapheme, word
    }

    /// What is shown at the cut.
    public enum Token: Hashable, Sendable {
        /// Plain characters in the style of the text at the cut.
        case text(String)
        /// Styled spans (their own color, font, link, attributes) over the block's base style.
        case spans([Span])
    }

    public var mode: Mode
    public var token: Token
    /// Points kept free after the token on the last line (room for a badge or a checkmark).
    public var reserve: Double
    public var breakOn: BreakOn

    public init(mode: Mode = .tail, token: Token = .text("…"), reserve: Double = 0, breakOn: BreakOn = .grapheme) {
        self.mode = mode
        self.token = token
        self.reserve = reserve
        self.breakOn = breakOn
    }
}
