import Foundation

/// The whole link report in memory: every link, every frame's visible links, and impressions.
///
/// For library users and tests; the CLI streams the same JSON with `LinkReportWriter` instead,
/// because this keeps every frame.
public struct LinkReport: Sendable {
    public var fps: Double
    public var frameCount: Int
    public var canvas: Scene.Canvas
    package var viewport: Viewport
    package var analytics: Analytics
    package var links: [SceneLink]
    package var frames: [LinkFrame]
    package var impressions: [LinkImpression]

    /// The report for frames 0..<`frameCount` of `scene`, whose links `tracker` follows.
    package init(scene: Scene, tracker: LinkTracker, frameCount: Int) {
        fps = tracker.fps
        self.frameCount = frameCount
        canvas = scene.canvas
        viewport = tracker.viewport
        analytics = scene.analytics
        links = tracker.links
        var counter = ImpressionCounter(links: tracker.links, analytics: scene.analytics, fps: tracker.fps)
        frames = (0..<frameCount).map { index in
            let frame = tracker.frame(index)
            counter.add(frame)
            return frame
        }
        impressions = counter.impressions
    }

    /// The report as `--links` writes it.
    public func jsonData() -> Data {
        var json = LinkReportJSON.header(fps: fps, frameCount: frameCount, canvas: canvas, viewport: viewport, analytics: analytics)
        json += LinkReportJSON.open("links")
        for (i, link) in links.enumerated() { json += LinkReportJSON.item(LinkReportJSON.link(link), first: i == 0) }
        json += LinkReportJSON.close(empty: links.isEmpty, last: false)
        json += LinkReportJSON.open("frames")
        for (i, frame) in frames.enumerated() { json += LinkReportJSON.item(LinkReportJSON.frame(frame), first: i == 0) }
        json += LinkReportJSON.close(empty: frames.isEmpty, last: false)
        json += LinkReportJSON.open("impressions")
        for (i, impression) in impressions.enumerated() { json += LinkReportJSON.item(LinkReportJSON.impression(impression), first: i == 0) }
        json += LinkReportJSON.close(empty: impressions.isEmpty, last: true)
        return Data(json.utf8)
    }
}
