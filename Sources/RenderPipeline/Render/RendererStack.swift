/// Several renderers applied to one text in one draw, in order.
///
/// The first renderer draws the layout; whatever it hands to `context.draw(_:)` (the layout,
/// a line, a run or a glyph, under its own transform, opacity and filters) goes to the next
/// renderer as a layout fragment, and the last one's draws reach the pixels. So a blur on a
/// spoiler, a wave over the block and debug boxes compose without knowing of each other.
public struct RendererStack: TextRenderer {
    public let renderers: [any TextRenderer]

    public init(_ renderers: [any TextRenderer]) {
        self.renderers = renderers
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        var inner = context
        inner.stack = renderers + context.stack[context.stackPosition...]
        inner.stackPosition = 0
        inner.draw(layout)
    }

    public var displayPadding: EdgeInsets {
        renderers.reduce(EdgeInsets()) { $0.union($1.displayPadding) }
    }
}
