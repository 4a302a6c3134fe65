/// Turns link frames, fed in order from frame 0, into impressions, in memory that does not grow
/// with the number of frames: per link a few counters and the length of its current in-view streak.
package struct ImpressionCounter: Sendable {
    public let analytics: Analytics
    public let fps: Double
    public private(set) var impressions: [LinkImpression]
    /// Consecutive frames, up to the last one added, in which each link has been in view.
    private var streaks: [Int]
    private var nextFrame = 0

    /// Ratios and seconds are compared with this slack, so 0.5 computed from areas as
    /// 0.49999999999 still counts as half and 30 / 30 fps as one second.
    static let tolerance = 1e-9

    public init(links: [SceneLink], analytics: Analytics, fps: Double) {
        self.analytics = analytics
        self.fps = fps
        impressions = links.map { LinkImpression(id: $0.id, url: $0.url) }
        streaks = Array(repeating: 0, count: links.count)
    }

    /// Counts the next frame; frames must come in order (0, 1, 2, …).
    public mutating func add(_ frame: LinkFrame) {
        precondition(frame.frame == nextFrame, "frames must be added in order: expected \(nextFrame), got \(frame.frame)")
        nextFrame += 1
        var seen = Array(repeating: false, count: impressions.count)
        for visibility in frame.visible where impressions.indices.contains(visibility.id) {
            let id = visibility.id
            seen[id] = true
            impressions[id].visibleFrames += 1
            if impressions[id].firstVisibleFrame == nil { impressions[id].firstVisibleFrame = frame.frame }
            impressions[id].maxRatio = max(impressions[id].maxRatio, visibility.ratio)
            if visibility.ratio >= analytics.impressionRatio - Self.tolerance {
                streaks[id] += 1
                if impressions[id].impressionFrame == nil,
                   Double(streaks[id]) / fps >= analytics.impressionSeconds - Self.tolerance {
                    impressions[id].impressionFrame = frame.frame
                }
            } else {
                streaks[id] = 0
            }
        }
        for id in seen.indices where !seen[id] { streaks[id] = 0 }
    }
}
