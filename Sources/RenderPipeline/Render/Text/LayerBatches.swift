import Foundation

/// Text the last renderer of a stack drew through outer renderers' layers, held until the
/// stack's draw ends, so that each layer is drawn, filtered and composited once, as the outer
/// renderer asked, with the layers it was drawn in around it.
final class LayerBatches {
    private enum Entry {
        /// Something to draw in the layer, in the given state (of the frame's target).
        case draw(GraphicsContext, (GraphicsContext) -> Void)
        /// A layer drawn inside this one.
        case layer(LayerGroup)
    }

    /// The outermost layers, in the order they were first used.
    private var roots: [LayerGroup] = []
    private var entries: [ObjectIdentifier: [Entry]] = [:]
    /// The frame's pixels what each layer holds may reach: inner renderers may move text past
    /// the bounds the outer renderer gave its layer.
    private var reach: [ObjectIdentifier: PixelRect] = [:]

    var isEmpty: Bool { roots.isEmpty }

    /// Holds `draw` (in `context`'s state, reaching `pixels` of the frame) for `group`'s layer.
    func add(_ group: LayerGroup, context: GraphicsContext, covering pixels: PixelRect, draw: @escaping (GraphicsContext) -> Void) {
        register(group, covering: pixels)
        entries[ObjectIdentifier(group), default: []].append(.draw(context, draw))
    }

    /// Makes `group` and the layers around it known, each inside its parent, and widens their reach.
    private func register(_ group: LayerGroup, covering pixels: PixelRect) {
        let key = ObjectIdentifier(group)
        let isNew = reach[key] == nil
        reach[key] = (reach[key] ?? pixels).union(pixels)
        if let parent = group.parent {
            if isNew { entries[ObjectIdentifier(parent), default: []].append(.layer(group)) }
            register(parent, covering: pixels)
        } else if isNew {
            roots.append(group)
        }
    }

    /// Draws every held layer onto the frame, and forgets them.
    func flush() {
        for group in roots { draw(group, in: nil) }
        roots = []
        entries = [:]
        reach = [:]
    }

    /// Draws `group`'s layer, with what it holds, into `parent`'s layer or onto the frame.
    private func draw(_ group: LayerGroup, in parent: GraphicsContext?) {
        let key = ObjectIdentifier(group)
        group.context.retargeted(to: parent).perform(bounds: group.bounds, forceLayer: true, covering: reach[key]) { layer, _ in
            replay(key, into: layer)
        }
    }

    private func replay(_ key: ObjectIdentifier, into layer: GraphicsContext) {
        for entry in entries[key] ?? [] {
            switch entry {
            case .draw(let context, let draw): draw(context.retargeted(to: layer))
            case .layer(let child): self.draw(child, in: layer)
            }
        }
    }

    /// Draws what was held for the layers of `inner` (a renderer's own layer, filled by text
    /// that went through outer layers) as one item of this batch: for each outer layer, the
    /// renderer's layer in `context`'s state, holding that text, so both layers apply.
    func adopt(_ inner: LayerBatches, in context: GraphicsContext, bounds: CGRect?) {
        for group in inner.roots {
            let key = ObjectIdentifier(group)
            let pixels = inner.reach[key] ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            add(group, context: context, covering: pixels) { state in
                state.perform(bounds: bounds, forceLayer: true, covering: pixels) { layer, _ in
                    inner.replay(key, into: layer)
                }
            }
        }
    }
}

extension GraphicsContext {
    /// This state drawing into `layer`'s target (as placed on the frame), or unchanged.
    func retargeted(to layer: GraphicsContext?) -> GraphicsContext {
        guard let layer else { return self }
        var moved = moved(toTargetAt: layer.targetOrigin)
        moved.target = layer.target
        return moved
    }
}
