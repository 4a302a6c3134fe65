import CCairo
import Foundation

extension GraphicsContext {
    /// The transform from the current coordinates to the context's own space, as SwiftUI's
    /// `transform`: identity where a renderer starts (the text's top-left), whatever the frame.
    public var transform: CGAffineTransform {
        get {
            var inverse = baseMatrix, m = matrix, relative = cairo_matrix_t()
            cairo_matrix_invert(&inverse)
            cairo_matrix_multiply(&relative, &m, &inverse)
            return CGAffineTransform(a: relative.xx, b: relative.yx, c: relative.xy, d: relative.yy, tx: relative.x0, ty: relative.y0)
        }
        set {
            var relative = cairo_matrix_t(xx: Double(newValue.a), yx: Double(newValue.b), xy: Double(newValue.c),
                                          yy: Double(newValue.d), x0: Double(newValue.tx), y0: Double(newValue.ty))
            var base = baseMatrix
            cairo_matrix_multiply(&matrix, &relative, &base)
        }
    }

    /// Applies `matrix` before the current transform: `transform = matrix.concatenating(transform)`.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        var m = cairo_matrix_t(xx: Double(matrix.a), yx: Double(matrix.b), xy: Double(matrix.c),
                               yy: Double(matrix.d), x0: Double(matrix.tx), y0: Double(matrix.ty))
        var current = self.matrix
        cairo_matrix_multiply(&self.matrix, &m, &current)
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
    /// everything `body` draws rather than on each drawing operation.
    func withDeviceClip(covering rect: CGRect, _ body: () -> Void) {
        let pixels = deviceRect(of: rect, outsetBy: 0)
        let cr = target.cr
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// The bounds of what drawing can still change, in current coordinates.
    public var clipBoundingRect: CGRect {
        let cr = target.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        applyClips(cr)
        var m = matrix
        cairo_set_matrix(cr, &m)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
