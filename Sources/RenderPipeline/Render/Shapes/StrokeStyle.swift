import Foundation

/// How a path's outline is stroked, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    /// The width of the stroke, centered on the path.
    public var lineWidth: CGFloat
    /// How the ends of open subpaths are drawn.
    public var lineCap: CGLineCap
    /// How corners between segments are drawn.
    public var lineJoin: CGLineJoin
    /// The longest a miter join may reach, as a multiple of the line width, before it is
    /// drawn as a bevel.
    public var miterLimit: CGFloat
    /// Alternating lengths of drawn and skipped stretches; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
