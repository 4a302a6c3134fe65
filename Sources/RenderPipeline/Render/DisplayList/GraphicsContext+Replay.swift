import Foundation

extension GraphicsContext {
    /// Draws display-list operations into this context's target, each in the state it holds
    /// (this context's own state is not applied: the operations were recorded with it): layers
    /// into offscreen layers composited once, everything else as drawing it directly would.
    /// A recording context appends them to its list as they are.
    func replay(_ operations: [DisplayList.Operation]) {
        if let recorder {
            for operation in operations { recorder.append(operation) }
            return
        }
        for operation in operations {
            let state = operation.state
            // A device clip holds at the top of a list; inside a layer, the layer's holds.
            if let clip = state.deviceClip, target.blockClip != clip, targetOrigin == (0, 0) {
                withDeviceClip(pixels: clip) { restoring(state).replay(operation) }
            } else {
                restoring(state).replay(operation)
            }
        }
    }

    /// Draws one operation in this context's state, which `restoring` set to the operation's.
    private func replay(_ operation: DisplayList.Operation) {
        switch operation {
        case .glyphs(let glyphs):
            var context = self
            context.foregroundPaint = glyphs.paint
            context.glyphStroke = glyphs.stroke
            context.fontVariations = glyphs.fontVariations
            context.rasterize(glyphs.storage, glyphs: glyphs.glyphs, offsets: glyphs.offsets,
                              options: glyphs.exactPositions ? .disablesSubpixelQuantization : [])
        case .fill(let fill):
            drawFill(fill.path, with: fill.paint, style: fill.style)
        case .stroke(let stroke):
            drawStroke(stroke.path, with: stroke.paint, style: stroke.style)
        case .image(let image):
            perform(bounds: image.rect) { cairo in image.image.draw(in: image.rect, on: cairo) }
        case .framePixels(let pixels):
            _ = drawFramePixels(of: pixels.image, columns: pixels.columns, atFramePixelX: pixels.x, y: pixels.y)
        case .layer(let layer):
            perform(bounds: layer.bounds, forceLayer: true, covering: layer.covering) { inner, _ in
                inner.replay(layer.operations)
            }
        }
    }

    /// This context (its target, fonts and time) in `state`, moved to this context's target.
    private func restoring(_ state: DrawState) -> GraphicsContext {
        var context = self
        let dx = state.targetOrigin.x - targetOrigin.x, dy = state.targetOrigin.y - targetOrigin.y
        if dx == 0 && dy == 0 {
            context.matrix = state.matrix
            context.clips = state.contextClips
            context.masks = state.masks
        } else {
            // Recorded on a target placed elsewhere on the frame (the frame, drawn into a layer).
            let shift = CairoMatrix.translation(Double(dx), Double(dy))
            context.matrix = state.matrix.concatenating(shift)
            context.clips = state.contextClips.map { var clip = $0; clip.matrix = clip.matrix.concatenating(shift); return clip }
            context.masks = state.masks.map { var mask = $0; mask.x += dx; mask.y += dy; return mask }
        }
        context.opacity = state.opacity
        context.blendMode = state.blendMode
        context.filters = state.filters
        context.foregroundPaint = nil
        context.glyphStroke = nil
        context.fontVariations = [:]
        return context
    }
}
