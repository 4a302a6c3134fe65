import Foundation

/// Columns of an image composited pixel for pixel onto the frame, as
/// `GraphicsContext.drawFramePixels` drew them (a caption page cut into a frame).
package struct FramePixelsOperation {
    package var image: ImageSurface
    /// Ranges of the image's pixel columns drawn, whole height.
    package var columns: [Range<Int>]
    /// The frame pixel the image's top-left pixel lands on.
    package var x: Int, y: Int
    package var state: DrawState
}
