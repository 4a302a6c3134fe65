import Foundation

/// Layers of outer renderers of a stack that the inner renderer's text drawn through them waits
/// in, each with the inner renderer's own layers open at the time nested inside: turned into
/// layer operations together (`take`), so that each layer is filled by everything drawn in it
/// and composited once.
struct HeldLayers {
    /// A layer's place in the tree: which layer it copies, inside which held layer.
    struct Key: Hashable {
        /// The held layer it sits in, or -1 at the top.
        var parent: Int
        var id: ID
    }

    /// Which layer a held one is: an outer renderer's (its index in the outer glyphs' layers) or
    /// one of the recording renderer's own (its serial number in the recorder).
    enum ID: Hashable {
        case outer(Int)
        case own(Int)
    }

    /// A layer to hold text in: its identity, and the bounds and state it was drawn with.
    struct Layer {
        var id: ID
        var bounds: CGRect?
        var state: DrawState
    }

    private enum Item {
        case operation(DisplayList.Operation)
        case layer(Int)
    }

    private struct Node {
        var bounds: CGRect?
        var state: DrawState
        var items: [Item] = []
        /// The frame pixels what the layer holds may reach.
        var covering = PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    private var nodes: [Node] = []
    private var roots: [Int] = []
    private var index: [Key: Int] = [:]

    var isEmpty: Bool { roots.isEmpty }

    /// Holds `operations`, reaching `covering` frame pixels, in the layer `path` (outermost
    /// first) names, making the layers on the way in the order they are first used.
    mutating func add(_ operations: [DisplayList.Operation], in path: [Layer], covering: PixelRect) {
        var parent = -1
        for layer in path {
            let key = Key(parent: parent, id: layer.id)
            let node: Int
            if let known = index[key] {
                node = known
            } else {
                node = nodes.count
                nodes.append(Node(bounds: layer.bounds, state: layer.state))
                index[key] = node
                if parent < 0 { roots.append(node) } else { nodes[parent].items.append(.layer(node)) }
            }
            nodes[node].covering = nodes[node].covering.union(covering)
            parent = node
        }
        guard parent >= 0 else { return }
        for operation in operations { nodes[parent].items.append(.operation(operation)) }
    }

    /// The held layers as layer operations, outermost first, and nothing held any more.
    mutating func take() -> [DisplayList.Operation] {
        defer { self = HeldLayers() }
        return roots.map { .layer(operation(of: $0)) }
    }

    private func operation(of node: Int) -> LayerOperation {
        let held = nodes[node]
        let operations: [DisplayList.Operation] = held.items.map {
            switch $0 {
            case .operation(let operation): operation
            case .layer(let child): .layer(operation(of: child))
            }
        }
        return LayerOperation(bounds: held.bounds, state: held.state, operations: operations, covering: held.covering)
    }
}
