/// A WebVTT `REGION` block: a rectangle of the video that cues naming it (`region:fred`) are
/// stacked in, scrolling up as new cues arrive when `scroll` is `up`.
package struct CaptionRegion: Hashable, Sendable {
    /// `id`: how cues name the region.
    public var id: String = ""
    /// `width`: a percentage of the video's width.
    public var width: Double = 100
    /// `lines`: the region's height in lines.
    public var lines: Int = 3
    /// `regionanchor`: the point of the region (percentages of its size) that sits on the viewport anchor.
    public var regionAnchor: (x: Double, y: Double) = (0, 100)
    /// `viewportanchor`: where that point sits, in percentages of the video's size.
    public var viewportAnchor: (x: Double, y: Double) = (0, 100)
    /// `scroll:up`: earlier lines move up when a cue arrives.
    public var scrollsUp: Bool = false

    public init() {}

    public static func == (a: CaptionRegion, b: CaptionRegion) -> Bool {
        a.id == b.id && a.width == b.width && a.lines == b.lines && a.regionAnchor == b.regionAnchor
            && a.viewportAnchor == b.viewportAnchor && a.scrollsUp == b.scrollsUp
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(width)
        hasher.combine(lines)
        hasher.combine(regionAnchor.x)
        hasher.combine(regionAnchor.y)
        hasher.combine(viewportAnchor.x)
        hasher.combine(viewportAnchor.y)
        hasher.combine(scrollsUp)
    }
}
