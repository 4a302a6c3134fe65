/// The limits caption parsing enforces, so that no file, however large or odd, makes it run out
/// of memory or time. Real files are far below them (an hour of subtitles is about 100 KB and
/// 1,000 cues).
package enum CaptionLimits {
    /// Larger files are refused: 16 MB.
    public static let maximumFileSize = 16_000_000
    /// More cues (or word-timing segments) are an error: 100,000.
    public static let maximumCueCount = 100_000
    /// More cues on screen at once (a cue starting while this many are still shown) are an
    /// error: 100. Laying pages out so that they do not cover one another compares each with
    /// those still shown, so this bounds that work; players stack two or three.
    public static let maximumCuesOnScreen = 100
    /// Spans nested deeper than this are not opened (their tags are ignored and their text
    /// joins the enclosing span): 32.
    public static let maximumNestingDepth = 32
    /// Times are at most ``CaptionTime/maximum`` (10,000 hours).
    public static var maximumTime: CaptionTime { .maximum }
    /// At most this many problems are reported; the rest are counted in one last line: 100.
    public static let maximumReportedProblems = 100
}
