import CCairo

/// Cairo's affine matrix under the name the rest of Render uses: the drawing state's transforms
/// (`xx yx xy yy x0 y0`, as `CGAffineTransform`'s `a b c d tx ty`).
typealias CairoMatrix = cairo_matrix_t

/// Cairo's affine matrix, the drawing state's transform, with its arithmetic as methods.
///
/// `GraphicsContext` keeps its transforms in Cairo's own type so that composing them, and
/// handing them to Cairo, is exactly Cairo's arithmetic: pixels stay byte for byte what
/// Cairo computes. These wrappers are the only place outside drawing that calls it.
extension cairo_matrix_t {
    /// Scales both axes by `factor`.
    static func scaling(_ factor: Double) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, factor, factor)
        return m
    }

    /// Moves by (`dx`, `dy`).
    static func translation(_ dx: Double, _ dy: Double) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_matrix_init_translate(&m, dx, dy)
        return m
    }

    /// The identity.
    static var identity: cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_matrix_init_identity(&m)
        return m
    }

    /// Moves the origin by (`dx`, `dy`) in the current coordinates.
    mutating func translate(_ dx: Double, _ dy: Double) { cairo_matrix_translate(&self, dx, dy) }

    /// Scales the current coordinates.
    mutating func scale(_ sx: Double, _ sy: Double) { cairo_matrix_scale(&self, sx, sy) }

    /// Rotates the current coordinates by `angle` radians (clockwise, y down).
    mutating func rotate(_ angle: Double) { cairo_matrix_rotate(&self, angle) }

    /// This transform followed by `other` (Cairo's `multiply(self, other)`), as
    /// `CGAffineTransform.concatenating`.
    func concatenating(_ other: cairo_matrix_t) -> cairo_matrix_t {
        var a = self, b = other, result = cairo_matrix_t()
        cairo_matrix_multiply(&result, &a, &b)
        return result
    }

    /// Inverts in place; false (and unchanged) when the matrix has no inverse.
    @discardableResult
    mutating func invert() -> Bool { cairo_matrix_invert(&self) == CAIRO_STATUS_SUCCESS }

    /// Where the point (`x`, `y`) lands.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var m = self, x = x, y = y
        cairo_matrix_transform_point(&m, &x, &y)
        return (x, y)
    }
}
