import Foundation

extension SceneRenderer {
    /// The link report of this scene's frames (all of them unless `frameCount` is given),
    /// computed from the layouts and timeline alone: no image is rendered.
    public func linkReport(frameCount: Int? = nil) -> LinkReport {
        LinkReport(scene: scene, tracker: LinkTracker(self), frameCount: frameCount ?? scene.frameCount)
    }

    /// Streams the link report to `url` (written under a temporary name, then renamed), in
    /// memory that does not grow with the number of frames. No image is rendered.
    public func writeLinkReport(to url: URL, frameCount: Int? = nil) throws {
        let tracker = LinkTracker(self)
        let count = frameCount ?? scene.frameCount
        let writer = try LinkReportWriter(url: url, scene: scene, tracker: tracker, frameCount: count)
        for index in 0..<count { try writer.append(tracker.frame(index)) }
        try writer.finish()
    }
}
