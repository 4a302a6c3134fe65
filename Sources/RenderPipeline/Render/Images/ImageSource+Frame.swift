import Foundation

/// Drawing an image into a frame of any aspect ratio: fitted, filled (cropped) or stretched,
/// and clipped to a shape. Inline image spans use it today; an image block will too.
extension ImageSource {
    /// Draws the image in `frame` (user coordinates of `cairo`): stretched to it when
    /// `contentMode` is nil, else fitted inside or covering it at `alignment`, then clipped
    /// (antialiased) to `clipShape` laid on the visible rectangle: the frame, or for `fit` the
    /// fitted image. Nothing is drawn outside the frame.
    package func draw(in frame: CGRect, contentMode: ContentMode?, alignment: UnitPoint = .center,
                      clipShape: ShapeKind? = nil, on cairo: CairoContext) {
        guard frame.width > 0, frame.height > 0 else { return }
        let content = Self.contentRect(for: size, in: frame, contentMode: contentMode, alignment: alignment)
        // The plain cases draw as they always have: no clip, no save.
        if clipShape == nil, contentMode != .fill {
            draw(in: content, on: cairo)
            return
        }
        let visible = contentMode == .fit ? content : frame
        cairo.withSavedState {
            if let clipShape {
                cairo.clip(to: clipShape.path(in: visible))
            } else {
                cairo.clip(to: visible)
            }
            draw(in: content, on: cairo)
        }
    }

    /// Where an image of `size` is drawn for `frame`: the frame itself (nil: stretched), the
    /// largest rectangle of the image's aspect ratio inside it (`fit`) or the smallest that
    /// covers it (`fill`), placed so that `alignment`'s point of the image meets the frame's.
    package static func contentRect(for size: CGSize, in frame: CGRect, contentMode: ContentMode?,
                                    alignment: UnitPoint = .center) -> CGRect {
        guard let contentMode, size.width > 0, size.height > 0 else { return frame }
        let sx = frame.width / size.width, sy = frame.height / size.height
        let scale = contentMode == .fit ? min(sx, sy) : max(sx, sy)
        let width = size.width * scale, height = size.height * scale
        return CGRect(x: frame.minX + (frame.width - width) * alignment.x,
                      y: frame.minY + (frame.height - height) * alignment.y,
                      width: width, height: height)
    }
}
