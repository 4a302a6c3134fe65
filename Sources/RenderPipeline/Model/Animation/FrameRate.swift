/// A frame rate as an exact fraction, `frames` per `seconds` (30000/1001 for NTSC's 29.97).
///
/// Caption timing decides frames in integers with it (see ``CaptionTime/firstFrame(atOrAfterRate:per:)``),
/// so a cue lands on the same frames however long the video is.
package struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// The rate of a scene that sets no `fps`, and of frames whose rate cannot be written as a
    /// fraction.
    package static let defaultRate = FrameRate(frames: 30)!

    /// Frames in `seconds` seconds (the numerator).
    public var frames: Int
    /// The denominator: seconds that `frames` frames take.
    public var seconds: Int

    /// `frames` per `seconds`, reduced; nil unless both are positive and at most 1,000,000.
    public init?(frames: Int, per seconds: Int = 1) {
        guard frames > 0, seconds > 0, frames <= 1_000_000, seconds <= 1_000_000 else { return nil }
        let divisor = Self.gcd(frames, seconds)
        self.frames = frames / divisor
        self.seconds = seconds / divisor
    }

    /// Parses `30`, `29.97`, `30000/1001` or `24000:1001`; nil for anything else or a rate not
    /// above 0 and at most 1000 frames per second.
    public init?(parsing text: String) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == ":" })
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]), let rate = FrameRate(frames: n, per: d) else { return nil }
            self = rate
        } else if parts.count == 1, let value = Double(text) {
            guard let rate = FrameRate(approximating: value) else { return nil }
            self = rate
        } else {
            return nil
        }
        guard value <= 1000 else { return nil }
    }

    /// The fraction a frames-per-second number stands for: `29.97002997…` (30000 / 1001 as a
    /// double) is 30000/1001, `29.97` is 2997/100, `30` is 30/1. Nil unless above 0 and finite.
    public init?(approximating value: Double) {
        guard value.isFinite, value > 0, value <= 1_000_000 else { return nil }
        // The smallest of the denominators video uses that gives a whole numerator.
        for denominator in [1, 1001, 2, 4, 5, 8, 10, 100, 1000, 10_000, 100_000] {
            let numerator = (value * Double(denominator)).rounded()
            if abs(numerator - value * Double(denominator)) < 1e-6 * Double(denominator), numerator >= 1 {
                self.init(frames: Int(numerator), per: denominator)
                return
            }
        }
        self.init(frames: max(1, Int((value * 1_000_000).rounded())), per: 1_000_000)
    }

    /// Frames per second as a number (for display and for frame times; not for frame decisions).
    public var value: Double { Double(frames) / Double(seconds) }

    /// `30` or `30000/1001`, as ffmpeg reads a rate.
    public var description: String { seconds == 1 ? "\(frames)" : "\(frames)/\(seconds)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
