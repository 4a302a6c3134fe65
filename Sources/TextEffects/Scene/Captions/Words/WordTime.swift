import Foundation

/// When a stretch of text is spoken: the custom attribute that word-timing effects (`karaoke`,
/// `activeWord`, `wordReveal`) read from runs.
///
/// Captions give every timed word of a cue one (from a word-timings file or WebVTT inline
/// timestamps); any scene can give one to a span as `"attributes": {"WordTime": {"start": 1.2,
/// "end": 1.5}}` (seconds from the start of the animation, read to the millisecond).
public struct WordTime: TextAttribute, Codable {
    /// The first moment the word is spoken.
    package var start: CaptionTime
    /// The moment it has been spoken (never before `start`).
    package var end: CaptionTime

    package init(start: CaptionTime, end: CaptionTime) {
        self.start = start
        self.end = max(start, end)
    }

    /// Where the word is at `time` (seconds, as renderers get it).
    public enum Phase: Hashable, Sendable {
        /// Not started yet.
        case unspoken
        /// Being spoken: `progress` from 0 at `start` towards 1 at `end`, `elapsed` seconds since `start`.
        case active(progress: Double, elapsed: Double)
        /// Finished.
        case spoken
    }

    /// The phase at `time`. A word starts on the first frame at or after `start` and ends on the
    /// first frame at or after `end`, as captions decide cue frames (see
    /// `CaptionTime.firstFrame(atOrAfterRate:per:)`); a zero-length word is never active.
    public func phase(at time: Double) -> Phase {
        guard Self.reached(start, at: time) else { return .unspoken }
        guard !Self.reached(end, at: time) else { return .spoken }
        let elapsed = max(0, time - start.seconds)
        let duration = end.seconds - start.seconds
        return .active(progress: duration > 0 ? min(max(elapsed / duration, 0), 1) : 1, elapsed: elapsed)
    }

    /// Whether a frame at `time` seconds is at or after `moment`.
    ///
    /// Frame times reach renderers as `index / fps` in floating point, a few ulps off the exact
    /// fraction: a frame exactly on a millisecond (frame 30 at 30000/1001 is 1.001 s) may arrive
    /// as 1.000999…. A frame truly before `moment` is at least 1 / (1000 × the rate's numerator)
    /// seconds before it (both are fractions), far more than the 10⁻¹⁰ s allowed here for any
    /// rate up to 10⁷/n and any time within a day, so the tolerance never moves a word by a frame.
    static func reached(_ moment: CaptionTime, at time: Double) -> Bool {
        time * 1000 >= Double(moment.milliseconds) - 1e-7
    }

    private enum CodingKeys: String, CodingKey { case start, end }

    /// Reads `{"start": seconds, "end": seconds}`; `end` must not be before `start`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> CaptionTime {
            let seconds = try container.decode(Double.self, forKey: key)
            guard seconds >= 0, let time = CaptionTime(seconds: seconds) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "\(key.stringValue) is seconds from 0 to \(CaptionTime.maximum.milliseconds / 1000)")
            }
            return time
        }
        let start = try time(.start), end = try time(.end)
        guard end >= start else {
            throw DecodingError.dataCorruptedError(forKey: .end, in: container, debugDescription: "end is before start")
        }
        self.init(start: start, end: end)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start.seconds, forKey: .start)
        try container.encode(end.seconds, forKey: .end)
    }
}
