import Foundation

/// A `drawLayer`: what it holds is drawn into an offscreen layer, then composited as one image
/// with the layer's opacity, blend mode, filters and clips (its `state`).
package struct LayerOperation {
    /// The bounds the layer was limited to (operation coordinates), if any.
    package var bounds: CGRect?
    package var state: DrawState
    /// What was drawn in the layer, in drawing order; their states start afresh (opacity 1,
    /// no filters or clips) inside it, with transforms still to frame points.
    package var operations: [DisplayList.Operation]
    /// Frame pixels the layer must hold besides `bounds`: in a renderer stack, inner renderers
    /// may move the text of an outer renderer's layer past the bounds it gave.
    package var covering: PixelRect?
}
