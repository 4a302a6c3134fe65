import Foundation

extension GraphicsContext {
    /// Composites `columns` of `image` (ranges of its pixel columns, whole height) onto the
    /// frame, pixel for pixel, with the image's top-left pixel on frame pixel (`x`, `y`).
    ///
    /// For images drawn at the frame's own scale and pixel grid (a caption page drawn once and
    /// cut into each frame): nothing is resampled, so the pixels land as if drawn in place.
    /// Returns false, drawing nothing, when this context does not map frame pixels to whole
    /// target pixels (rotated, scaled, or moved by a fraction of a pixel).
    package func drawFramePixels(of image: ImageSurface, columns: [Range<Int>], atFramePixelX x: Int, y: Int) -> Bool {
        let m = matrix
        guard m.xx == displayScale, m.yy == displayScale, m.xy == 0, m.yx == 0,
              m.x0 == m.x0.rounded(), m.y0 == m.y0.rounded() else { return false }
        if let recorder {
            recorder.append(.framePixels(FramePixelsOperation(image: image, columns: columns, x: x, y: y, state: drawState)))
            return true
        }
        let bounds = CGRect(x: Double(x) / displayScale, y: Double(y) / displayScale,
                            width: Double(image.width) / displayScale, height: Double(image.height) / displayScale)
        perform(bounds: bounds) { (context: inout GraphicsContext, cairo: CairoContext) in
            // Frame pixel (x, y) is target pixel (x, y) moved by the translation, whole pixels.
            cairo.fill(columns: columns, of: image, atDeviceX: Double(x) + context.matrix.x0, y: Double(y) + context.matrix.y0)
        }
        return true
    }
}
