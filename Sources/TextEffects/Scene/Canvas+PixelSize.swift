import Foundation

extension Scene.Canvas {
    /// Why frames of this canvas cannot be drawn (or, given `format`, encoded), or nil: at least
    /// one pixel a side, at most `SceneLimits.maximumCanvasSide`, and what the format's encoder
    /// takes. The scene decoder, `validate --format` and render all ask this one question.
    ///
    /// The answer reads after the canvas's name: "canvas: is 0×0 pixels at scale 0.1; …".
    package func pixelSizeProblem(format: AnimationFormat? = nil) -> String? {
        // Compare in floating point first: a size beyond Int is still a size too large.
        let width = (self.width * scale).rounded(), height = (self.height * scale).rounded()
        let limit = Double(SceneLimits.maximumCanvasSide)
        let atScale = scale == 1 ? "" : " at scale \(JSONNode.format(scale))"
        guard width.isFinite, height.isFinite, width <= limit, height <= limit else {
            return "is \(JSONNode.format(width))×\(JSONNode.format(height)) pixels\(atScale), larger than \(SceneLimits.maximumCanvasSide) a side"
        }
        guard width >= 1, height >= 1 else {
            return "is \(Int(width))×\(Int(height)) pixels\(atScale); a frame needs at least one pixel a side"
        }
        return format?.frameSizeProblem(width: Int(width), height: Int(height))
    }
}

extension Scene.Canvas {
    /// Where the background is filled, in points: the canvas, widened to the frame's whole
    /// pixels when its size at its scale is not a whole number of them (300.6 points at scale 1
    /// are 301 pixels), so that an opaque background leaves no pixel partly covered, which would
    /// show through as a translucent edge and keep whatever the surface held before.
    var backgroundRect: CGRect {
        CGRect(x: 0, y: 0, width: max(width, Double(pixelWidth) / scale), height: max(height, Double(pixelHeight) / scale))
    }
}
