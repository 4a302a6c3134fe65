import Foundation

/// The resolved state a display-list operation is drawn in: everything of its graphics context
/// that decides its pixels besides the operation itself.
///
/// It keeps the context's own numbers (device transform, clip transforms, mask surfaces), so a
/// list replayed into the backend draws exactly what drawing directly would have; the frame-point
/// views (`transform`, `clips`) are derived from them.
package struct DrawState {
    /// From the operation's coordinates to the device pixels of the target it was recorded on.
    var matrix: CairoMatrix
    /// Where that target's top-left lies on the frame, in device pixels.
    var targetOrigin: (x: Int, y: Int)
    /// Device pixels per point.
    var displayScale: Double
    /// The opacity (0…1) the operation is composited with.
    package var opacity: Double
    package var blendMode: GraphicsContext.BlendMode
    /// Filters applied to the operation (drawn in a layer of its own), in the order added.
    package var filters: [GraphicsContext.Filter]
    /// The clip paths as the context holds them (transforms to target pixels).
    var contextClips: [GraphicsContext.Clip]
    /// The `clipToLayer` masks the operation is drawn through.
    var masks: [GraphicsContext.LayerMask]
    /// The whole target pixels a `withDeviceClip` limits drawing to, if any.
    package var deviceClip: PixelRect?

    /// From the operation's coordinates to frame points.
    package var transform: CGAffineTransform { framePoints(matrix) }

    /// Clip paths, each with the transform it was given in (to frame points).
    package var clips: [Clip] {
        contextClips.map { Clip(path: $0.path, transform: framePoints($0.matrix), evenOdd: $0.evenOdd, inverse: $0.inverse) }
    }

    /// How many `clipToLayer` masks the operation is drawn through.
    package var maskCount: Int { masks.count }

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

    /// A transform to the target's device pixels, as one to frame points.
    private func framePoints(_ m: CairoMatrix) -> CGAffineTransform {
        let s = 1 / displayScale
        return CGAffineTransform(a: m.xx * s, b: m.yx * s, c: m.xy * s, d: m.yy * s,
                                 tx: (m.x0 + Double(targetOrigin.x)) * s, ty: (m.y0 + Double(targetOrigin.y)) * s)
    }
}
