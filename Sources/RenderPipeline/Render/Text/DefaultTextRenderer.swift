/// Draws text as it is laid out, exactly as `pango_cairo_show_layout` would.
package struct DefaultTextRenderer: TextRenderer {
    public init() {}

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        for line in layout { context.draw(line) }
    }
}
