import Foundation

/// A path filled with a paint, as `GraphicsContext.fill(_:with:style:)` drew it.
package struct FillOperation {
    package var path: Path
    package var paint: Paint
    package var style: FillStyle
    package var state: DrawState

    /// The path's bounding box in frame points.
    package var frameBounds: CGRect { path.boundingRect.applying(state.transform) }
}
