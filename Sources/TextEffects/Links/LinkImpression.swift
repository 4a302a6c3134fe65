/// One link's visibility over the whole timeline: when it was first seen and when it made an impression.
package struct LinkImpression: Hashable, Sendable {
    public var id: Int
    public var url: String
    /// The first frame with ratio > 0, or `nil` if the link was never visible.
    public var firstVisibleFrame: Int?
    /// The first frame at which the link had been in view (ratio ≥ impressionRatio) for n
    /// consecutive frames with n / fps ≥ impressionSeconds, or `nil` if that never happened.
    public var impressionFrame: Int?
    /// The largest ratio in any frame (0 if never visible).
    public var maxRatio: Double
    /// The number of frames with ratio > 0.
    public var visibleFrames: Int

    public init(id: Int, url: String, firstVisibleFrame: Int? = nil, impressionFrame: Int? = nil,
                maxRatio: Double = 0, visibleFrames: Int = 0) {
        self.id = id
        self.url = url
        self.firstVisibleFrame = firstVisibleFrame
        self.impressionFrame = impressionFrame
        self.maxRatio = maxRatio
        self.visibleFrames = visibleFrames
    }
}
