import Foundation

/// How much of one link is in the viewport in one frame.
package struct LinkVisibility: Hashable, Sendable {
    /// The link's id in the report.
    public var id: Int
    /// Visible area over the total area of the link's rectangles: 0 < ratio ≤ 1.
    public var ratio: Double
    /// The visible parts of the link's rectangles, in viewport coordinates.
    public var rects: [CGRect]

    public init(id: Int, ratio: Double, rects: [CGRect]) {
        self.id = id
        self.ratio = ratio
        self.rects = rects
    }
}
