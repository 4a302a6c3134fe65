import Foundation

extension GraphicsContext {
    /// The recorder this context's drawing goes to instead of pixels, when recording.
    var recorder: DisplayListRecorder? { discardsDrawing ? nil : target.recorder }

    /// This context's state, resolved for a display-list operation.
    var drawState: DrawState {
        DrawState(transform: framePoints(matrix), opacity: opacity, blendMode: blendMode, filters: filters,
                  clips: clips.map { DrawState.Clip(path: $0.path, transform: framePoints($0.matrix), evenOdd: $0.evenOdd, inverse: $0.inverse) },
                  maskCount: masks.count)
    }

    /// A transform to this context's target's device pixels, as one to frame points.
    private func framePoints(_ m: CairoMatrix) -> CGAffineTransform {
        let s = 1 / displayScale
        return CGAffineTransform(a: m.xx * s, b: m.yx * s, c: m.xy * s, d: m.yy * s,
                                 tx: (m.x0 + Double(targetOrigin.x)) * s, ty: (m.y0 + Double(targetOrigin.y)) * s)
    }

    /// Records what a forced layer holds as a layer operation: `body` draws into the layer with
    /// a fresh state (no opacity, filters, clips or masks of its own).
    func recordLayer(_ recorder: DisplayListRecorder, bounds: CGRect?, _ body: (inout GraphicsContext, CairoContext) throws -> Void) rethrows {
        recorder.beginLayer(bounds: bounds, state: drawState)
        defer { recorder.endLayer() }
        var inner = self
        inner.clips = []
        inner.masks = []
        inner.filters = []
        inner.opacity = 1
        inner.blendMode = .normal
        try body(&inner, target.cairo)
    }
}
