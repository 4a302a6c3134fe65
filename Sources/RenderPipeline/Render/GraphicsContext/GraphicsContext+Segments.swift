extension GraphicsContext {
    /// Draws `layout` with the parts `selector` selects drawn by `drawSelected`, and the rest as
    /// they are: the shape of every effect that applies to part of the text.
    ///
    /// The layout is cut as ``TextSelector/segments(of:)`` cuts it and drawn in visual order.
    /// `drawSelected` gets each selected part with its own copy of this context, so what it sets
    /// (a filter, a transform, a paint) applies to that part alone, as in `drawLayer`:
    ///
    /// ```swift
    /// func draw(layout: Text.Layout, in context: inout GraphicsContext) {
    ///     context.drawSegments(of: layout, selectedBy: selector) { part, context in
    ///         context.addFilter(.shadow(color: .black, radius: 4))
    ///         context.draw(part)
    ///     }
    /// }
    /// ```
    public func drawSegments(of layout: TextLayout, selectedBy selector: TextSelector,
                             _ drawSelected: (_ part: TextLayout, _ context: inout GraphicsContext) -> Void) {
        drawSegments(selector.segments(of: layout), drawSelected)
    }

    /// Draws segments already cut by ``TextSelector/segments(of:)``: the unselected ones as they
    /// are, the selected ones by `drawSelected`, each with its own copy of this context. For
    /// effects that look at the whole selection first (its bounds, its first and last unit).
    public func drawSegments(_ segments: [(part: TextLayout, isSelected: Bool)],
                             _ drawSelected: (_ part: TextLayout, _ context: inout GraphicsContext) -> Void) {
        for (part, isSelected) in segments {
            guard isSelected else {
                draw(part)
                continue
            }
            var copy = self
            drawSelected(part, &copy)
        }
    }
}
