import CCairo

extension CairoContext {
    /// Runs `body` with the origin moved by (`dx`, `dy`), restoring the state after.
    func withTranslation(_ dx: Double, _ dy: Double, _ body: () -> Void) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_translate(cr, dx, dy)
            body()
            cairo_restore(cr)
        }
    }

    /// Paints the source `setSource` sets through the alpha of what `drawMask` draws (into a
    /// group of its own), restoring the state after: SwiftUI's template rendering of an image.
    func paint(through drawMask: () -> Void, setSource: () -> Void) {
        withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_push_group(cr)
            drawMask()
            let mask = cairo_pop_group(cr)
            setSource()
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
            cairo_restore(cr)
        }
    }
}
