import Foundation

/// An image drawn into a rectangle (operation coordinates), with its presentation.
package struct ImageOperation {
    package var image: Image
    package var rect: CGRect
    package var state: DrawState

    /// The rectangle in frame points.
    package var frameRect: CGRect { rect.applying(state.transform) }
}
