/// Several renderers applied to one text in one draw, in order.
///
/// Each renderer walks the whole layout, as it would alone: a per-run stagger still sees every
/// run with its index. What an earlier (outer) renderer draws of the text passes through the
/// later (inner) ones: a glyph reaches the pixels once for each time every renderer drew it,
/// with the outer renderers' transform, opacity, filters, clips and paint applied around the
/// inner renderer's own. Shapes, images and text a renderer draws itself (backgrounds, boxes,
/// a cursor) are drawn as it draws them, when it draws them: the outer renderers run first.
public struct RendererStack: TextRenderer {
    public let renderers: [any TextRenderer]

    public init(_ renderers: [any TextRenderer]) {
        self.renderers = renderers
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        var outer = context.outerText
        var start = context
        // Recorded pieces keep absolute transforms; what each renderer adds is measured from here.
        if outer == nil { start.makeCurrentSpaceBase() }
        for (i, renderer) in renderers.enumerated() {
            var inner = start
            inner.outerText = outer
            if i < renderers.count - 1 {
                let recording = TextRecording(storage: layout.storage)
                inner.textRecording = recording
                renderer.draw(layout: layout, in: &inner)
                outer = recording
            } else if context.layerBatches == nil, outer != nil {
                // The last renderer's text drawn through outer layers waits for the end, so that
                // each layer is filled by everything drawn in it and composited once.
                let batches = LayerBatches()
                inner.layerBatches = batches
                renderer.draw(layout: layout, in: &inner)
                batches.flush()
            } else {
                renderer.draw(layout: layout, in: &inner)
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
