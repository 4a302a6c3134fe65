import CCairo
import Foundation

extension GraphicsContext {
    /// Hands a layout (or fragment) to the next renderer of the stack, or draws it.
    public mutating func draw(_ layout: TextLayout) {
        if stackPosition < stack.count {
            let renderer = stack[stackPosition]
            var next = self
            next.stackPosition += 1
            renderer.draw(layout: layout, in: &next)
            return
        }
        for line in layout {
            for run in line { rasterize(run) }
        }
    }

    /// Draws a line: through the rest of the renderer stack, or as laid out.
    public mutating func draw(_ line: Line) {
        if stackPosition < stack.count { return draw(TextLayout(line)) }
        for run in line { rasterize(run) }
    }

    /// Draws a run: through the rest of the renderer stack, or as laid out.
    public mutating func draw(_ run: Run) {
        if stackPosition < stack.count { return draw(TextLayout(run)) }
        rasterize(run)
    }

    /// Draws one glyph with its background and decorations: through the rest of the stack, or as laid out.
    public mutating func draw(_ glyph: Glyph) {
        if stackPosition < stack.count { return draw(TextLayout(glyph)) }
        rasterize(TextLayout(glyph)[0][0])
    }

    /// Lays out a `Text` in `rect` (its width wraps, its origin is the top-left) and draws it as laid out.
    public func draw(_ text: Text, in rect: CGRect, options: LayoutOptions = LayoutOptions(), fonts: FontLibrary? = nil) {
        var options = options
        options.width = rect.width
        let layout = TextLayout(text, options: options, fonts: fonts ?? self.fonts)
        var context = self
        context.stack = []
        context.translateBy(x: rect.minX, y: rect.minY)
        context.draw(layout)
    }

    /// Draws a `Text` on one line with its top-left corner at `point`.
    public func draw(_ text: Text, at point: CGPoint, fonts: FontLibrary? = nil) {
        let layout = TextLayout(text, options: LayoutOptions(), fonts: fonts ?? self.fonts)
        var context = self
        context.stack = []
        context.translateBy(x: point.x, y: point.y)
        context.draw(layout)
    }

    /// Draws a run with each glyph moved by its own offset: in one batch when no renderer
    /// further down the stack needs the glyphs one by one, else glyph by glyph through it.
    /// `offset` is called once per glyph, in visual order.
    public mutating func draw(_ run: Run, offsettingGlyphsBy offset: (Glyph) -> CGSize) {
        if stackPosition < stack.count {
            for glyph in run {
                let delta = offset(glyph)
                var copy = self
                copy.translateBy(x: delta.width, y: delta.height)
                copy.draw(glyph)
            }
            return
        }
        rasterize(run, offsets: run.map(offset))
    }

    /// Draws a run's glyphs (or the slice of them a fragment holds) with background, inline
    /// boxes and decorations, each glyph moved by `offsets[i]` when given.
    private func rasterize(_ run: Run, offsets: [CGSize]? = nil) {
        guard !run.isEmpty else { return }
        let style = run.style
        let (x0, x1) = run.glyphSpan
        let lineRect = run.lineRect
        var bounds = run.typographicBounds.rect
        bounds.origin.x = x0
        bounds.size.width = x1 - x0
        // Glyph ink may overhang the typographic box (italics, accents, outlines); pad filter layers for it.
        var ink = bounds.union(lineRect.intersection(CGRect(x: x0, y: lineRect.minY, width: x1 - x0, height: lineRect.height)))
            .insetBy(dx: -style.size * 0.5 - (glyphStroke?.width ?? 0), dy: -style.size * 0.25 - (glyphStroke?.width ?? 0))
        if let offsets {
            let dx = offsets.map { abs($0.width) }.max() ?? 0, dy = offsets.map { abs($0.height) }.max() ?? 0
            ink = ink.insetBy(dx: -dx, dy: -dy)
        }
        perform(bounds: ink) { cr in
            TextRasterizer.draw(run, offsets: offsets, paint: foregroundPaint, stroke: glyphStroke, on: cr)
        }
    }
}
