import Foundation

extension DisplayList {
    /// One drawing operation of a display list.
    package enum Operation {
        /// Glyphs of a layout (a run, or a slice of one), with their decorations.
        case glyphs(GlyphsOperation)
        /// A path filled with a paint.
        case fill(FillOperation)
        /// A path's outline stroked with a paint.
        case stroke(StrokeOperation)
        /// An image drawn into a rectangle.
        case image(ImageOperation)
        /// A `drawLayer`: operations composited together as one image with the layer's state.
        case layer(LayerOperation)
        /// Image columns composited pixel for pixel onto the frame.
        case framePixels(FramePixelsOperation)

        /// The state the operation was drawn in.
        package var state: DrawState {
            switch self {
            case .glyphs(let o): o.state
            case .fill(let o): o.state
            case .stroke(let o): o.state
            case .image(let o): o.state
            case .layer(let o): o.state
            case .framePixels(let o): o.state
            }
        }
    }
}
