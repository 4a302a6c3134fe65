import Foundation

extension GraphicsContext {
    /// The transform from the current coordinates to the context's own space, as SwiftUI's
    /// `transform`: identity where a renderer starts (the text's top-left), whatever the frame.
    public var transform: CGAffineTransform {
        get {
            var inverse = baseMatrix
            inverse.invert()
            let relative = matrix.concatenating(inverse)
            return CGAffineTransform(a: relative.xx, b: relative.yx, c: relative.xy, d: relative.yy, tx: relative.x0, ty: relative.y0)
        }
        set {
            let relative = CairoMatrix(xx: Double(newValue.a), yx: Double(newValue.b), xy: Double(newValue.c),
                                          yy: Double(newValue.d), x0: Double(newValue.tx), y0: Double(newValue.ty))
            matrix = relative.concatenating(baseMatrix)
        }
    }

    /// Applies `matrix` before the current transform: `transform = matrix.concatenating(transform)`.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        let m = CairoMatrix(xx: Double(matrix.a), yx: Double(matrix.b), xy: Double(matrix.c),
                               yy: Double(matrix.d), x0: Double(matrix.tx), y0: Double(matrix.ty))
        self.matrix = m.concatenating(self.matrix)
    }

    /// Rotates the coordinates by `angle`, clockwise on screen for a positive angle.
    public mutating func rotate(by angle: Angle) { rotate(by: angle.radians) }

    /// Intersects the clip with `path` (filled by `style`'s rule), or with everything outside it
    /// when `options` has `.inverse`.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        clips.append(Clip(path: path, matrix: matrix, evenOdd: style.isEOFilled, inverse: options.contains(.inverse)))
    }

    /// Runs `body` with the target clipped to the device pixels `rect` (current coordinates)
    /// touches: whole pixels, which Cairo applies without a mask, set once on the target for
    /// everything `body` draws rather than on each drawing operation. When recording, each
    /// operation `body` draws holds the clip (its state's `deviceClip`).
    package func withDeviceClip(covering rect: CGRect, _ body: () -> Void) {
        withDeviceClip(pixels: deviceRect(of: rect, outsetBy: 0), body)
    }

    /// Runs `body` with the target clipped to `pixels`, whole device pixels of the target.
    func withDeviceClip(pixels: PixelRect, _ body: () -> Void) {
        let previous = target.blockClip
        target.blockClip = pixels.intersection(previous ?? target.deviceRect)
        if recorder == nil { target.cairo.withClip(toDevicePixels: pixels, body) } else { body() }
        target.blockClip = previous
    }

    /// The bounds of what drawing can still change, in current coordinates: the target, the
    /// block's clip and the clip paths (not the rows of a frame drawn in bands, so a still gives
    /// the same answer whole or in bands).
    public var clipBoundingRect: CGRect {
        var pixels = target.blockClip.map { $0.intersection(target.deviceRect) } ?? target.deviceRect
        for clip in clips where !clip.inverse {
            let bounds = clip.path.boundingRect
            guard !bounds.isNull else { return .null }
            pixels = pixels.intersection(Self.pixelBounds(of: bounds, through: clip.matrix))
        }
        guard !pixels.isEmpty else { return .null }
        var inverse = matrix
        guard inverse.invert() else { return .null }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (px, py) in [(pixels.x, pixels.y), (pixels.x + pixels.width, pixels.y),
                         (pixels.x, pixels.y + pixels.height), (pixels.x + pixels.width, pixels.y + pixels.height)] {
            let (x, y) = inverse.apply(Double(px), Double(py))
            minX = Swift.min(minX, x); minY = Swift.min(minY, y); maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The device pixels a rectangle covers through `matrix`.
    private static func pixelBounds(of rect: CGRect, through matrix: CairoMatrix) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let (x, y) = matrix.apply(Double(cx), Double(cy))
            minX = Swift.min(minX, x); minY = Swift.min(minY, y); maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
        }
        let x0 = pixel(minX.rounded(.down)), y0 = pixel(minY.rounded(.down))
        return PixelRect(x: x0, y: y0, width: pixel(maxX.rounded(.up)) - x0, height: pixel(maxY.rounded(.up)) - y0)
    }
}
