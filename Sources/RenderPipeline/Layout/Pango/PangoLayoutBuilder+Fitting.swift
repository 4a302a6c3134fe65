import Foundation

extension PangoLayoutBuilder {
    /// The text shrunk (and, when allowed, tightened) until it fits its line limit and frame,
    /// for a text that does not fit as it is (`full`, laid out at full size); with the lock held.
    ///
    /// Returns the builder at the fit found, its layout, and whether that fits: when even the
    /// smallest fit allowed does not, it is that fit's layout, which the caller truncates.
    func fittedLayout(full: PangoTextLayout, context: PangoContextObject)
        -> (builder: PangoLayoutBuilder, layout: PangoTextLayout, fits: Bool) {
        let base = text.baseStyle.resolved(in: options.environment).size
        let largest = full.styles.reduce(base) { Swift.max($0, $1.style.size) }
        let search = FitSearch(sizeUnits: Int(largest.pangoUnits), minimumScaleFactor: options.minimumScaleFactor,
                               allowsTightening: options.allowsTightening)
        // Every candidate that fits keeps its layout (and so does the smallest one, which is
        // truncated when it does not fit): the answer is always one already laid out.
        var layouts: [TextFit: PangoTextLayout] = [:]
        let smallest = search.smallest
        let model = FitModel(layout: full, options: options)
        let result = search.search(fits: { fit in
            let layout = fitted(fit).makeLayout(text, context: context)
            let fits = fitsUntruncated(layout)
            if fits || fit == smallest { layouts[fit] = layout }
            return fits
        }, estimate: { model.fits(scale: $0.scale, tightening: $0.tightening) })
        let builder = fitted(result.fit)
        return (builder, layouts[result.fit] ?? builder.makeLayout(text, context: context), result.fits)
    }
}
