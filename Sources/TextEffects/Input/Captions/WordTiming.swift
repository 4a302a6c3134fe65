/// A word (or a run of text between two inline timestamps) with the time it is spoken.
///
/// `range` locates the word in its cue's ``CaptionCue/text``, in `Character`s (grapheme
/// clusters), so effects can find its glyphs. `start` may equal `end` (recognisers emit
/// zero-length words); a word never ends before it starts.
package struct WordTiming: Hashable, Sendable {
    public var text: String
    public var start: CaptionTime
    public var end: CaptionTime
    /// Where the word is in the cue's text, in grapheme clusters.
    public var range: Range<Int>
    /// The recogniser's confidence (0–1: whisper's `probability`, WhisperX's `score`,
    /// whisper.cpp's `p`), when it gave one.
    public var confidence: Double?
    /// True when the recogniser gave no times for this word and they were filled in (in proportion
    /// to their length, between their timed neighbours).
    public var isInterpolated: Bool

    public init(text: String, start: CaptionTime, end: CaptionTime, range: Range<Int>,
                confidence: Double? = nil, isInterpolated: Bool = false) {
        self.text = text
        self.start = start
        self.end = end
        self.range = range
        self.confidence = confidence
        self.isInterpolated = isInterpolated
    }
}
