import Foundation

extension GraphicsContext {
    /// The recorder this context's drawing goes to instead of pixels, when recording.
    var recorder: DisplayListRecorder? { target.recorder }

    /// This context's state, resolved for a display-list operation.
    var drawState: DrawState {
        DrawState(matrix: matrix, targetOrigin: targetOrigin, displayScale: displayScale, opacity: opacity, blendMode: blendMode,
                  filters: filters, contextClips: clips, masks: masks, deviceClip: target.blockClip)
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
