import Foundation

/// Drawing an `Image` as its `presentation` asks.
extension Image {
    /// Draws the image's file in `frame` with its content mode, alignment and clip shape;
    /// nothing for a symbol (drawn as a glyph elsewhere).
    func draw(in frame: CGRect, on cairo: CairoContext) {
        source?.draw(in: frame, contentMode: presentation.contentMode, alignment: presentation.alignment,
                     clipShape: presentation.clipShape, on: cairo)
    }
}
