/// A point in a caption track's time line, in whole milliseconds.
///
/// Caption formats write times to the millisecond (`00:01:02.500`, `00:01:02,500`), so an integer
/// count of milliseconds holds every one of them exactly: an hour-long file has no drift, and
/// comparing, adding and subtracting times is exact. Word timings given in fractional seconds
/// (speech recognisers' JSON) are rounded to the nearest millisecond once, when read.
///
/// Which frame a time falls on is exact too, for any rational frame rate such as 30000/1001:
/// see ``firstFrame(atOrAfterRate:per:)``.
package struct CaptionTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds from the start of the media.
    public var milliseconds: Int

    public init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    /// A time from hours, minutes, seconds and milliseconds.
    public init(hours: Int = 0, minutes: Int = 0, seconds: Int = 0, milliseconds: Int = 0) {
        self.milliseconds = ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// The nearest millisecond to `seconds`, or nil when it is not finite or beyond ``maximum``.
    public init?(seconds: Double) {
        guard seconds.isFinite else { return nil }
        let ms = (seconds * 1000).rounded()
        guard abs(ms) <= Double(Self.maximum.milliseconds) else { return nil }
        self.milliseconds = Int(ms)
    }

    public static let zero = CaptionTime(milliseconds: 0)

    /// The latest time a caption file may name: 10,000 hours. Keeping times this small keeps
    /// frame arithmetic (milliseconds × frame-rate numerator) far inside 64-bit integers.
    public static let maximum = CaptionTime(hours: 10_000)

    /// The time in seconds, for display and for APIs that take seconds. Not for frame decisions.
    public var seconds: Double { Double(milliseconds) / 1000 }

    /// The first frame whose time is at or after this one, at `rate / per` frames per second,
    /// frame *i* being at *i* × `per` / `rate` seconds. Exact integer arithmetic: at 30000/1001 fps a
    /// cue starting at 00:00:01.001 starts on frame 30 (exactly at 1.001 s).
    ///
    /// A cue from `start` to `end` is on screen on frames `start.firstFrame(…) ..< end.firstFrame(…)`.
    public func firstFrame(atOrAfterRate rate: Int, per: Int = 1) -> Int {
        precondition(rate > 0 && per > 0, "a frame rate is positive")
        // frame ≥ t_ms × rate / (1000 × per), rounded up (floor division for negative times).
        let numerator = milliseconds * rate
        let denominator = 1000 * per
        let quotient = numerator / denominator
        return numerator % denominator > 0 ? quotient + 1 : quotient
    }

    public static func < (a: CaptionTime, b: CaptionTime) -> Bool { a.milliseconds < b.milliseconds }
    public static func + (a: CaptionTime, b: CaptionTime) -> CaptionTime { CaptionTime(milliseconds: a.milliseconds + b.milliseconds) }
    public static func - (a: CaptionTime, b: CaptionTime) -> CaptionTime { CaptionTime(milliseconds: a.milliseconds - b.milliseconds) }

    /// `hh:mm:ss.ttt`, as WebVTT writes it (hours grow past two digits when they must).
    public var description: String {
        let sign = milliseconds < 0 ? "-" : ""
        let ms = abs(milliseconds)
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, t = ms % 1000
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(sign)\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(t, 3))"
    }
}
