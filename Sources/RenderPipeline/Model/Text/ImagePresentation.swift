/// How a photo or picture fills the frame it is given: SwiftUI's `.resizable()`,
/// `.aspectRatio(contentMode:)`, `.frame(width:height:alignment:)` and `.clipShape(_:)` on an
/// `Image`, as one value.
package struct ImagePresentation: Hashable, Sendable {
    /// The frame's width in points; nil: the height times the image's aspect ratio.
    package var width: Double?
    /// `fit` or `fill` keep the image's aspect ratio in a frame of another; nil stretches the
    /// image to the frame (SwiftUI's `.resizable()` without `.aspectRatio`).
    package var contentMode: ContentMode?
    /// Where a fitted image sits in its frame, and which part of a filled one stays visible.
    package var alignment: UnitPoint = .center
    /// The shape the visible image is clipped to (antialiased); nil: its rectangle.
    package var clipShape: ShapeKind?

    package init(width: Double? = nil, contentMode: ContentMode? = nil, alignment: UnitPoint = .center,
                clipShape: ShapeKind? = nil) {
        self.width = width
        self.contentMode = contentMode
        self.alignment = alignment
        self.clipShape = clipShape
    }
}
