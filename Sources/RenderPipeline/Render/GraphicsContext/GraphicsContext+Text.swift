import Foundation

extension GraphicsContext {
    /// Draws a layout (or a fragment of one) as laid out, or through the renderers after this one.
    public func draw(_ layout: TextLayout, options: Text.Layout.DrawingOptions = .init()) {
        drawText(layout.storage, glyphs: layout.glyphRange, offsets: nil, options: options)
    }

    /// Draws a line at its own position in the layout, as SwiftUI's `draw(_:options:)`.
    public func draw(_ line: Text.Layout.Line, options: Text.Layout.DrawingOptions = .init()) {
        guard line.displacement == .zero else {
            var moved = self
            moved.translateBy(x: line.displacement.width, y: line.displacement.height)
            var unmoved = line
            unmoved.displacement = .zero
            return moved.draw(unmoved, options: options)
        }
        drawText(line.storage, glyphs: TextLayout(line).glyphRange, offsets: nil, options: options)
    }

    /// Draws a run at its own position in the layout.
    public func draw(_ run: Text.Layout.Run, options: Text.Layout.DrawingOptions = .init()) {
        drawText(run.storage, glyphs: run.glyphIndices, offsets: nil, options: options)
    }

    /// Draws a slice of a run (one glyph, as iterating a run gives) at its own position.
    ///
    /// Glyphs land on whole device pixels, as Cairo's glyph cache puts them; with
    /// `.disablesSubpixelQuantization` their outlines are filled at their exact position, so a
    /// glyph moved by a fraction of a pixel moves by that fraction (colour emoji stay on pixels).
    public func draw(_ slice: Text.Layout.RunSlice, options: Text.Layout.DrawingOptions = .init()) {
        drawText(slice.storage, glyphs: slice.glyphRange, offsets: nil, options: options)
    }

    /// Draws a run with each glyph moved by its own offset, in one batch (one layer when the
    /// context has filters), rather than glyph by glyph. `offset` is called once per glyph, in
    /// visual order.
    public func draw(_ run: Text.Layout.Run, offsettingGlyphsBy offset: (Text.Layout.RunSlice) -> CGSize) {
        drawText(run.storage, glyphs: run.glyphIndices, offsets: run.map(offset))
    }

    /// Lays out a `Text` in `rect` (its width wraps, its origin is the top-left) and draws it,
    /// clipped to the rectangle, as SwiftUI's `draw(_:in:)`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// Draws a `Text` on one line with its `anchor` point (the centre by default) at `point`,
    /// as SwiftUI's `draw(_:at:anchor:)`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    // MARK: Stacked renderers

    /// Draws glyphs of a layout: through the glyph operations of the outer renderers of a
    /// stack, when there are some for this layout, or as laid out.
    func drawText(_ storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?, options: Text.Layout.DrawingOptions = .init()) {
        guard !glyphs.isEmpty else { return }
        if let outer = target.outerGlyphs, outer.storage === storage, let recorder {
            return draw(storage, glyphs: glyphs, offsets: offsets, options: options, through: outer, into: recorder)
        }
        rasterize(storage, glyphs: glyphs, offsets: offsets, options: options)
    }

    /// Draws `glyphs` once for each outer glyph operation holding some of them (in the order
    /// they were drawn): those glyphs in this context's state composed inside the operation's.
    /// What an operation drew in outer layers is held in copies of those layers.
    private func draw(_ storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?, options: Text.Layout.DrawingOptions,
                      through outer: OuterGlyphs, into recorder: DisplayListRecorder) {
        // This context's transform relative to the stack's base: what the inner renderer did.
        var baseInverse = baseMatrix
        baseInverse.invert()
        let relative = matrix.concatenating(baseInverse)
        let translatesOnly = abs(relative.xx - 1) < 1e-12 && abs(relative.yy - 1) < 1e-12 && relative.xy == 0 && relative.yx == 0
        for index in outer.entries(intersecting: glyphs) {
            let entry = outer.entries[index]
            let operation = entry.operation, state = operation.state
            let range = operation.glyphs.clamped(to: glyphs)
            guard !range.isEmpty else { continue }
            var context = self
            context.opacity *= state.opacity
            if !state.filters.isEmpty { context.filters = filters + state.filters }
            // The inner renderer's clips move with its text: through the outer transform.
            var movedClips = clips
            if !clips.isEmpty {
                for i in movedClips.indices {
                    movedClips[i].matrix = movedClips[i].matrix.concatenating(baseInverse).concatenating(state.matrix)
                }
            }
            context.clips = state.contextClips.isEmpty ? movedClips : state.contextClips + movedClips
            if !state.masks.isEmpty { context.masks = state.masks + masks }
            if context.blendMode == .normal { context.blendMode = state.blendMode }
            context.foregroundPaint = foregroundPaint ?? operation.paint
            context.glyphStroke = glyphStroke ?? operation.stroke
            if !operation.fontVariations.isEmpty {
                context.fontVariations = operation.fontVariations.merging(fontVariations) { _, inner in inner }
            }
            let composedOptions = operation.exactPositions ? options.union(.disablesSubpixelQuantization) : options
            let layers = entry.layers.map { outer.layers[$0] }
            func emit(_ context: GraphicsContext, _ range: Range<Int>, _ offsets: [CGSize]?) {
                if layers.isEmpty {
                    context.rasterize(storage, glyphs: range, offsets: offsets, options: composedOptions)
                } else {
                    recorder.hold(context.glyphOperations(storage, glyphs: range, offsets: offsets, options: composedOptions).map { .glyphs($0) },
                                  in: layers, covering: context.frameInk(of: storage, glyphs: range, offsets: offsets))
                }
            }
            let innerOffsets = offsets.map { Self.part($0, of: glyphs, for: range) }
            let outerMatrix = state.matrix
            guard let outerOffsets = operation.offsets.map({ Self.part($0, of: operation.glyphs, for: range) }) else {
                context.matrix = relative.concatenating(outerMatrix)
                emit(context, range, innerOffsets)
                continue
            }
            if translatesOnly {
                // Translations commute: the outer offset adds to the inner one.
                context.matrix = relative.concatenating(outerMatrix)
                let sum = zip(outerOffsets, innerOffsets ?? Array(repeating: .zero, count: range.count)).map {
                    CGSize(width: $0.width + $1.width, height: $0.height + $1.height)
                }
                emit(context, range, sum)
                continue
            }
            // The outer offset moves the glyph after the inner transform: one glyph at a time.
            for (i, glyph) in range.enumerated() {
                let moved = relative.concatenating(.translation(outerOffsets[i].width, outerOffsets[i].height))
                var single = context
                single.matrix = moved.concatenating(outerMatrix)
                emit(single, glyph..<(glyph + 1), innerOffsets.map { [$0[i]] })
            }
        }
    }

    /// The offsets of the glyphs `range` among offsets given for `all`: the same array when the
    /// range is all of them, as it is for whole runs.
    private static func part(_ offsets: [CGSize], of all: Range<Int>, for range: Range<Int>) -> [CGSize] {
        range == all ? offsets : Array(offsets[(range.lowerBound - all.lowerBound)..<(range.upperBound - all.lowerBound)])
    }

    // MARK: Rasterizing

    /// Draws glyphs of a layout as laid out, run by run.
    func rasterize(_ storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?, options: Text.Layout.DrawingOptions) {
        let exact = options.contains(.disablesSubpixelQuantization)
        forEachRun(of: storage, glyphs: glyphs, offsets: offsets) { run, runOffsets in
            rasterize(run, offsets: runOffsets, exactPositions: exact)
        }
    }

    /// Where a run's glyphs (moved by `offsets`) may put ink, in current coordinates: their box
    /// and line, padded for overhangs (italics, accents, outlines).
    private func ink(of run: Run, offsets: [CGSize]?) -> CGRect {
        let style = run.style
        let (x0, x1) = run.glyphSpan
        let lineRect = run.lineRect
        var bounds = run.typographicBounds.rect
        bounds.origin.x = x0
        bounds.size.width = x1 - x0
        var ink = bounds.union(lineRect.intersection(CGRect(x: x0, y: lineRect.minY, width: x1 - x0, height: lineRect.height)))
            .insetBy(dx: -style.size * 0.5 - (glyphStroke?.width ?? 0), dy: -style.size * 0.25 - (glyphStroke?.width ?? 0))
        if let offsets {
            let dx = offsets.map { abs($0.width) }.max() ?? 0, dy = offsets.map { abs($0.height) }.max() ?? 0
            ink = ink.insetBy(dx: -dx, dy: -dy)
        }
        return ink
    }

    /// The frame's pixels that drawing these glyphs here may change, filters' reach included.
    func frameInk(of storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?) -> PixelRect {
        var result = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let reach = filters.reduce(0) { $0 + $1.padding } * matrixScale
        forEachRun(of: storage, glyphs: glyphs, offsets: offsets) { run, runOffsets in
            result = result.union(deviceRect(of: ink(of: run, offsets: runOffsets), outsetBy: reach))
        }
        return result.offsetBy(dx: targetOrigin.x, dy: targetOrigin.y)
    }

    /// Calls `body` with each run (or part of one) `glyphs` holds, and its glyphs' offsets.
    private func forEachRun(of storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?, _ body: (Run, [CGSize]?) -> Void) {
        var runIndex = storage.glyphs[glyphs.lowerBound].run
        while runIndex < storage.runs.count {
            let runGlyphs = storage.runs[runIndex].glyphs.clamped(to: glyphs)
            if runGlyphs.lowerBound >= glyphs.upperBound { break }
            if !runGlyphs.isEmpty {
                body(Run(storage: storage, index: runIndex, scope: .glyphs(runGlyphs)), offsets.map { Self.part($0, of: glyphs, for: runGlyphs) })
            }
            runIndex += 1
        }
    }

    /// The glyph operations drawing glyphs of a layout in this context's state makes, run by run.
    func glyphOperations(_ storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?,
                         options: Text.Layout.DrawingOptions) -> [GlyphsOperation] {
        let exact = options.contains(.disablesSubpixelQuantization)
        var result: [GlyphsOperation] = []
        forEachRun(of: storage, glyphs: glyphs, offsets: offsets) { run, runOffsets in
            if !run.isEmpty { result.append(glyphOperation(run, offsets: runOffsets, exactPositions: exact)) }
        }
        return result
    }

    /// The glyph operation drawing a run (or part of one) in this context's state.
    private func glyphOperation(_ run: Run, offsets: [CGSize]?, exactPositions: Bool) -> GlyphsOperation {
        GlyphsOperation(storage: run.storage, glyphs: run.glyphIndices, offsets: offsets, paint: foregroundPaint,
                        stroke: glyphStroke, fontVariations: fontVariations, exactPositions: exactPositions, state: drawState)
    }

    /// Draws a run's glyphs (or the slice of them a fragment holds) with background, inline
    /// boxes and decorations, each glyph moved by `offsets[i]` when given.
    private func rasterize(_ run: Run, offsets: [CGSize]? = nil, exactPositions: Bool) {
        guard !run.isEmpty else { return }
        if let recorder {
            return recorder.append(.glyphs(glyphOperation(run, offsets: offsets, exactPositions: exactPositions)))
        }
        perform(bounds: ink(of: run, offsets: offsets)) { cairo in
            TextRasterizer.draw(run, offsets: offsets, paint: foregroundPaint, stroke: glyphStroke, variations: fontVariations,
                                exactPositions: exactPositions, on: cairo)
        }
    }
}

extension TextLayout {
    /// Indices in the whole layout of the glyphs this layout (or fragment) holds: one
    /// contiguous range, since glyphs are stored line by line and run by run in visual order.
    var glyphRange: Range<Int> {
        switch scope {
        case .all: return 0..<storage.glyphs.count
        case .line(let l):
            let runs = storage.lines[l].runs
            guard let first = runs.first, let last = runs.last else { return 0..<0 }
            return storage.runs[first].glyphs.lowerBound..<storage.runs[last].glyphs.upperBound
        case .run(let r): return storage.runs[r].glyphs
        case .glyphs(let g): return g
        }
    }
}
