import Foundation

/// The resolved state a display-list operation is drawn in: everything of its graphics context
/// that decides its pixels besides the operation itself.
package struct DrawState {
    /// From the operation's coordinates to frame points.
    package var transform: CGAffineTransform
    /// The opacity (0…1) the operation is composited with.
    package var opacity: Double
    package var blendMode: GraphicsContext.BlendMode
    /// Filters applied to the operation (drawn in a layer of its own), in the order added.
    package var filters: [GraphicsContext.Filter]
    /// Clip paths, each with the transform it was given in (to frame points).
    package var clips: [Clip]
    /// How many `clipToLayer` masks the operation is drawn through.
    package var maskCount: Int

    /// A clip path as the context was given it.
    package struct Clip {
        package var path: Path
        /// From the path's coordinates to frame points.
        package var transform: CGAffineTransform
        package var evenOdd: Bool
        /// Whether what lies outside the path is kept instead.
        package var inverse: Bool
    }

    /// A point of the operation's coordinates in frame points.
    package func framePoint(_ point: CGPoint) -> CGPoint { point.applying(transform) }
}
