/// What counts as a link impression: at least `impressionRatio` of the link in view for at
/// least `impressionSeconds` without a break (the ad industry's 50 % for one second by default).
package struct Analytics: Hashable, Sendable {
    /// The visible fraction of a link's area (0 < ratio ≤ 1) from which it counts as in view.
    public var impressionRatio: Double
    /// How long, in seconds, a link must stay in view to count as an impression.
    public var impressionSeconds: Double

    public init(impressionRatio: Double = 0.5, impressionSeconds: Double = 1.0) {
        self.impressionRatio = impressionRatio
        self.impressionSeconds = impressionSeconds
    }
}
