/// Several renderers applied to one text in one draw, in order.
///
/// Each renderer walks the whole layout, as it would alone: a per-run stagger still sees every
/// run with its index. What an earlier (outer) renderer draws of the text passes through the
/// later (inner) ones: a glyph reaches the pixels once for each time every renderer drew it,
/// with the outer renderers' transform, opacity, filters, clips and paint applied around the
/// inner renderer's own. Shapes, images and text a renderer draws itself (backgrounds, boxes,
/// a cursor) are drawn as it draws them, when it draws them: the outer renderers run first.
///
/// Every renderer's drawing is recorded as a display list. An outer renderer's list is split:
/// what it drew of the text (its glyph operations) becomes the frame the next renderer's text
/// is drawn through, and the rest is drawn at once. The last renderer's list, its text composed
/// through every outer glyph operation, is drawn in the end; text drawn through an outer
/// renderer's layer fills one copy of that layer, composited once.
public struct RendererStack: TextRenderer {
    public let renderers: [any TextRenderer]

    public init(_ renderers: [any TextRenderer]) {
        self.renderers = renderers
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        var outer = context.target.outerGlyphs
        var start = context
        // Outer glyph operations keep their whole transforms; what each renderer adds is measured from here.
        if outer == nil { start.makeCurrentSpaceBase() }
        guard renderers.count > 1 else {
            renderers.first?.draw(layout: layout, in: &start)
            return
        }
        for (i, renderer) in renderers.enumerated() {
            let isLast = i == renderers.count - 1
            let recorder = DisplayListRecorder(flushesHeldLayersBeforeShapes: isLast)
            var inner = start
            inner.target = DrawingTarget(recording: recorder, like: context.target, outerGlyphs: outer)
            renderer.draw(layout: layout, in: &inner)
            let list = recorder.list
            if isLast {
                context.replay(list.operations)
            } else {
                let (glyphs, rest) = OuterGlyphs.separating(list, storage: layout.storage)
                context.replay(rest.operations)
                outer = glyphs
            }
        }
    }

    /// The largest size any of the renderers asks for (each asks for the text's own by default).
    public func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize {
        renderers.reduce(CGSize.zero) { size, renderer in
            let asked = renderer.sizeThatFits(proposal: proposal, text: text)
            return CGSize(width: Swift.max(size.width, asked.width), height: Swift.max(size.height, asked.height))
        }
    }

    /// The largest padding any of the renderers asks for, on each edge.
    public var displayPadding: EdgeInsets {
        renderers.reduce(EdgeInsets()) { $0.union($1.displayPadding) }
    }
}
