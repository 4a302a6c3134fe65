import Foundation

/// Collects the operations a recording graphics context draws, layers nested.
///
/// In a renderer stack it also holds what the renderer's text drew through outer renderers'
/// layers (`hold`), until `flushHeldLayers` puts those layers into the list.
final class DisplayListRecorder {
    /// The open layers, innermost last, each with what it holds so far; the first is the list itself.
    private var open: [(layer: LayerOperation?, serial: Int, operations: [DisplayList.Operation])] = [(nil, 0, [])]
    private var nextSerial = 1
    private var held = HeldLayers()
    /// Whether held layers are put into the list before each shape, image or layer drawn after
    /// them (the last renderer of a stack, whose drawing order decides the pixels), rather than
    /// only at the end (an outer renderer, whose layers stay whole for the renderers after it).
    let flushesHeldLayersBeforeShapes: Bool

    init(flushesHeldLayersBeforeShapes: Bool = false) {
        self.flushesHeldLayersBeforeShapes = flushesHeldLayersBeforeShapes
    }

    func append(_ operation: DisplayList.Operation) {
        open[open.count - 1].operations.append(operation)
    }

    /// Starts a layer: what is appended until `endLayer` is drawn in it.
    func beginLayer(bounds: CGRect?, state: DrawState) {
        open.append((LayerOperation(bounds: bounds, state: state, operations: []), nextSerial, []))
        nextSerial += 1
    }

    /// Ends the innermost layer; a layer nothing was drawn in is dropped, as it changes no pixel.
    func endLayer() {
        let (layer, _, operations) = open.removeLast()
        guard var layer, !operations.isEmpty else { return }
        layer.operations = operations
        append(.layer(layer))
    }

    /// Holds `operations` (reaching `covering` frame pixels) in the outer layers `path` names,
    /// with this renderer's own open layers inside them.
    func hold(_ operations: [DisplayList.Operation], in path: [HeldLayers.Layer], covering: PixelRect) {
        let own = open.compactMap { open in open.layer.map { HeldLayers.Layer(id: .own(open.serial), bounds: $0.bounds, state: $0.state) } }
        held.add(operations, in: path + own, covering: covering)
    }

    /// Puts the held layers into the list, at the top level, where the drawing has got to.
    func flushHeldLayers() {
        guard !held.isEmpty else { return }
        open[0].operations.append(contentsOf: held.take())
    }

    /// What was recorded (held layers included).
    var list: DisplayList {
        flushHeldLayers()
        return DisplayList(operations: open[0].operations)
    }
}
