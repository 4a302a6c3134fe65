import Foundation

/// A path's outline stroked with a paint, as `GraphicsContext.stroke(_:with:style:)` drew it.
package struct StrokeOperation {
    package var path: Path
    package var paint: Paint
    package var style: StrokeStyle
    package var state: DrawState

    /// The path's bounding box in frame points (without the stroke's width).
    package var frameBounds: CGRect { path.boundingRect.applying(state.transform) }
}
