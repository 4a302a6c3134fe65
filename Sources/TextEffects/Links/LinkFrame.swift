import Foundation

/// One frame of the link report: the scroll position and every link at least partly in view.
package struct LinkFrame: Hashable, Sendable {
    public var frame: Int
    /// Seconds: frame / fps.
    public var time: Double
    /// The content point at the viewport's top-left corner.
    public var scroll: CGPoint
    /// Links with a non-empty intersection with the viewport, by id; a link out of view has no entry.
    public var visible: [LinkVisibility]

    public init(frame: Int, time: Double, scroll: CGPoint, visible: [LinkVisibility]) {
        self.frame = frame
        self.time = time
        self.scroll = scroll
        self.visible = visible
    }
}
