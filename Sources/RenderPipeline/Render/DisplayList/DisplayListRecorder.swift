import Foundation

/// Collects the operations a recording graphics context draws, layers nested.
final class DisplayListRecorder {
    /// The open layers, innermost last, each with what it holds so far; the first is the list itself.
    private var open: [(layer: LayerOperation?, operations: [DisplayList.Operation])] = [(nil, [])]

    func append(_ operation: DisplayList.Operation) {
        open[open.count - 1].operations.append(operation)
    }

    /// Starts a layer: what is appended until `endLayer` is drawn in it.
    func beginLayer(bounds: CGRect?, state: DrawState) {
        open.append((LayerOperation(bounds: bounds, state: state, operations: []), []))
    }

    /// Ends the innermost layer; a layer nothing was drawn in is dropped, as it changes no pixel.
    func endLayer() {
        let (layer, operations) = open.removeLast()
        guard var layer, !operations.isEmpty else { return }
        layer.operations = operations
        append(.layer(layer))
    }

    /// What was recorded.
    var list: DisplayList { DisplayList(operations: open[0].operations) }
}
