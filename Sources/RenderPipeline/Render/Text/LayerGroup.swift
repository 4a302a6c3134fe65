import Foundation

/// One `drawLayer` of an outer renderer of a stack: its state when called, the bounds it gave,
/// and the layer it was called in. The text recorded in it is drawn into one layer, filled by
/// what the last renderer draws of that text, at the end of the stack's draw.
final class LayerGroup {
    let context: GraphicsContext
    let bounds: CGRect?
    /// The layer this one was drawn in, if any: it is drawn inside that one.
    let parent: LayerGroup?

    init(context: GraphicsContext, bounds: CGRect?, parent: LayerGroup?) {
        self.context = context
        self.bounds = bounds
        self.parent = parent
    }
}
