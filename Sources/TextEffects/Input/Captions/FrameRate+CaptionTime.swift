extension FrameRate {
    /// The frames a stretch of time covers: the first frame at or after `start` up to, not
    /// including, the first frame at or after `end`.
    package func frames(from start: CaptionTime, to end: CaptionTime) -> Range<Int> {
        let first = start.firstFrame(atOrAfterRate: frames, per: seconds)
        return first..<max(first, end.firstFrame(atOrAfterRate: frames, per: seconds))
    }
}
