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

    /// Draws glyphs of a layout: records them when an inner renderer is still to come, draws
    /// them through what outer renderers recorded, or rasterizes them.
    func drawText(_ storage: LayoutStorage, glyphs: Range<Int>, offsets: [CGSize]?, options: Text.Layout.DrawingOptions = .init()) {
        guard !glyphs.isEmpty else { return }
        let outer = outerText.flatMap { $0.storage === storage ? $0 : nil }
        if let recording = textRecording, recording.storage === storage {
            if let outer {
                for piece in composed(through: outer, glyphs: glyphs, offsets: offsets) {
                    // A layer of this renderer's, drawn in a layer of an outer one, sits inside it.
                    let layer = recordingLayer.map { own in piece.layer.map { recording.group(own, inside: $0) } ?? own } ?? piece.layer
                    recording.append(.init(glyphs: piece.glyphs, context: piece.context.stateOnly, offsets: piece.offsets,
                                           options: piece.options.union(options), layer: layer))
                }
            } else {
                recording.append(.init(glyphs: glyphs, context: stateOnly, offsets: offsets, options: options, layer: recordingLayer))
            }
            return
        }
        if let outer {
            for piece in composed(through: outer, glyphs: glyphs, offsets: offsets) {
                let (context, range, pieceOffsets) = (piece.context, piece.glyphs, piece.offsets)
                let pieceOptions = piece.options.union(options)
                // RendererStack gives the last renderer's context the batches its layers wait in.
                if let group = piece.layer, let layerBatches {
                    layerBatches.add(group, context: context, covering: context.frameInk(of: storage, glyphs: range, offsets: pieceOffsets)) {
                        $0.rasterize(storage, glyphs: range, offsets: pieceOffsets, options: pieceOptions)
                    }
                } else {
                    context.rasterize(storage, glyphs: range, offsets: pieceOffsets, options: pieceOptions)
                }
            }
            return
        }
        rasterize(storage, glyphs: glyphs, offsets: offsets, options: options)
    }

    /// Glyphs to draw in a state composed of an outer renderer's piece and this context.
    private struct Composed {
        var context: GraphicsContext
        var glyphs: Range<Int>
        var offsets: [CGSize]?
        var options: Text.Layout.DrawingOptions
        var layer: LayerGroup?
    }

    /// This context's drawing state, without the stack plumbing (so recordings hold no cycles).
    var stateOnly: GraphicsContext {
        var copy = self
        copy.textRecording = nil
        copy.outerText = nil
        copy.recordingLayer = nil
        copy.layerBatches = nil
        copy.discardsDrawing = false
        return copy
    }


    /// The pieces to draw for `glyphs` drawn in this context under what an outer renderer
    /// recorded: for each recorded piece holding some of them (in the order they were drawn),
    /// those glyphs in this context's state composed inside the piece's, with the piece itself.
    private func composed(through outer: TextRecording, glyphs: Range<Int>, offsets: [CGSize]?)
        -> [Composed] {
        var result: [Composed] = []
        // This context's transform relative to the stack's base: what the inner renderer did.
        var baseInverse = baseMatrix
        baseInverse.invert()
        let relative = matrix.concatenating(baseInverse)
        let translatesOnly = abs(relative.xx - 1) < 1e-12 && abs(relative.yy - 1) < 1e-12 && relative.xy == 0 && relative.yx == 0
        for index in outer.pieces(intersecting: glyphs) {
            let piece = outer.pieces[index]
            let range = piece.glyphs.clamped(to: glyphs)
            guard !range.isEmpty else { continue }
            var context = self
            context.outerText = nil
            let state = piece.context.moved(toTargetAt: targetOrigin)
            context.opacity *= state.opacity
            if !state.filters.isEmpty { context.filters = filters + state.filters }
            // The inner renderer's clips move with its text: through the outer transform.
            var movedClips = clips
            if !clips.isEmpty {
                for i in movedClips.indices {
                    movedClips[i].matrix = movedClips[i].matrix.concatenating(baseInverse).concatenating(state.matrix)
                }
            }
            context.clips = state.clips.isEmpty ? movedClips : state.clips + movedClips
            if !state.masks.isEmpty { context.masks = state.masks + masks }
            if context.blendMode == .normal { context.blendMode = state.blendMode }
            context.foregroundPaint = foregroundPaint ?? state.foregroundPaint
            context.glyphStroke = glyphStroke ?? state.glyphStroke
            if !state.fontVariations.isEmpty {
                context.fontVariations = state.fontVariations.merging(fontVariations) { _, inner in inner }
            }
            let innerOffsets = offsets.map { Self.part($0, of: glyphs, for: range) }
            let outerMatrix = state.matrix
            guard let outerOffsets = piece.offsets.map({ Self.part($0, of: piece.glyphs, for: range) }) else {
                context.matrix = relative.concatenating(outerMatrix)
                result.append(Composed(context: context, glyphs: range, offsets: innerOffsets, options: piece.options, layer: piece.layer))
                continue
            }
            if translatesOnly {
                // Translations commute: the outer offset adds to the inner one.
                context.matrix = relative.concatenating(outerMatrix)
                let sum = zip(outerOffsets, innerOffsets ?? Array(repeating: .zero, count: range.count)).map {
                    CGSize(width: $0.width + $1.width, height: $0.height + $1.height)
                }
                result.append(Composed(context: context, glyphs: range, offsets: sum, options: piece.options, layer: piece.layer))
                continue
            }
            // The outer offset moves the glyph after the inner transform: one glyph at a time.
            for (i, glyph) in range.enumerated() {
                let moved = relative.concatenating(.translation(outerOffsets[i].width, outerOffsets[i].height))
                var single = context
                single.matrix = moved.concatenating(outerMatrix)
                result.append(Composed(context: single, glyphs: glyph..<(glyph + 1), offsets: innerOffsets.map { [$0[i]] }, options: piece.options, layer: piece.layer))
            }
        }
        return result
    }

    /// This state as seen from a target whose top-left lies at `origin` on the frame: the
    /// transform, clips and masks of a piece recorded outside a layer, for drawing inside it.
    func moved(toTargetAt origin: (x: Int, y: Int)) -> GraphicsContext {
        let dx = targetOrigin.x - origin.x, dy = targetOrigin.y - origin.y
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        let shift = CairoMatrix.translation(Double(dx), Double(dy))
        func shifted(_ m: CairoMatrix) -> CairoMatrix { m.concatenating(shift) }
        moved.matrix = shifted(matrix)
        moved.clips = clips.map { var clip = $0; clip.matrix = shifted(clip.matrix); return clip }
        moved.masks = masks.map { var mask = $0; mask.x += dx; mask.y += dy; return mask }
        moved.targetOrigin = origin
        return moved
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

    /// Draws a run's glyphs (or the slice of them a fragment holds) with background, inline
    /// boxes and decorations, each glyph moved by `offsets[i]` when given.
    private func rasterize(_ run: Run, offsets: [CGSize]? = nil, exactPositions: Bool) {
        guard !run.isEmpty else { return }
        if let recorder {
            return recorder.append(.glyphs(GlyphsOperation(storage: run.storage, glyphs: run.glyphIndices, offsets: offsets, paint: foregroundPaint,
                                                           stroke: glyphStroke, fontVariations: fontVariations,
                                                           exactPositions: exactPositions, state: drawState)))
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
