import Foundation

extension SceneDecoder {
    /// The fields of a `stack` block.
    static let stackBlockKeys = ["id", "frame", "stack", "opacity", "offset", "effects"]
    /// The fields of a block's `stack` object.
    static let stackKeys = ["axis", "spacing", "alignment", "padding", "children", "background"]

    /// Reads a `stack` block: at the top level with a frame of x and y (width and height
    /// optional); in a stack, with a frame of width and height or none.
    func readStackBlock(_ node: JSONNode, images: SceneImageLoader, animatedBy: inout String?, canvas: Scene.Canvas?,
                        child: (id: String, depth: Int)?) -> Block? {
        guard node.object(known: Self.stackBlockKeys) != nil else { return nil }
        let id = child.flatMap { node["id"].isPresent ? nil : $0.id } ?? node["id"].string(required: true)
        if id?.isEmpty == true { node["id"].problem("a block id cannot be empty") }
        var frame: Block.Frame?
        var size: (width: Double?, height: Double?) = (nil, nil)
        if child == nil {
            let frameNode = node["frame"]
            if frameNode.object(known: ["x", "y", "width", "height"]) != nil {
                let x = frameNode["x"].number(required: true)
                let y = frameNode["y"].number(required: true)
                size = (frameNode["width"].number(in: 1...100_000), frameNode["height"].number(in: 1...100_000))
                if let x, let y {
                    // Without a width the stack is offered the canvas's width right of x, and takes what it needs.
                    let offered = size.width ?? Swift.min(100_000, Swift.max(1, (canvas?.width ?? 100_000) - x))
                    frame = Block.Frame(x: x, y: y, width: offered, height: size.height)
                }
            }
        } else {
            frame = Block.Frame(x: 0, y: 0, width: 1)
        }
        let opacity = node["opacity"].animatable { $0.number(in: 0...1, required: true) }
        let offset = node["offset"].animatable { $0.point() }
        if opacity?.isConstant == false { animatedBy = animatedBy ?? node["opacity"].path }
        if offset?.isConstant == false { animatedBy = animatedBy ?? node["offset"].path }
        let effects = readEffects(node["effects"], animatedBy: &animatedBy)
        guard let id, !id.isEmpty else { return nil }
        guard var stack = readStack(node["stack"], id: id, depth: (child?.depth ?? 0) + 1, images: images,
                                    animatedBy: &animatedBy, canvas: canvas) else { return nil }
        guard let frame else { return nil }
        stack.width = size.width
        stack.height = size.height
        stack.opacity = opacity ?? .constant(1)
        stack.offset = offset ?? .constant(.zero)
        stack.effects = effects
        var block = Block(id: id, frame: frame, text: RichText(spans: []))
        block.stack = stack
        return block
    }

    /// Reads a `stack` object at nesting `depth` (1 for a top-level stack).
    func readStack(_ node: JSONNode, id: String, depth: Int, images: SceneImageLoader, animatedBy: inout String?,
                   canvas: Scene.Canvas?) -> Stack? {
        guard depth <= SceneLimits.maximumStackDepth else {
            node.problem("stacks nest \(depth) deep here; a scene nests at most \(SceneLimits.maximumStackDepth)")
            return nil
        }
        guard node.object(known: Self.stackKeys) != nil else { return nil }
        let axis = node["axis"].enumeration(StackAxis.self, required: true)
        let spacing = node["spacing"].number(in: 0...10_000) ?? Stack.defaultSpacing
        var alignment = Alignment.center
        switch axis {
        case .vertical?: alignment.horizontal = node["alignment"].enumeration(HorizontalAlignment.self) ?? .center
        case .horizontal?: alignment.vertical = node["alignment"].enumeration(VerticalAlignment.self) ?? .center
        case .depth?: alignment = node["alignment"].choice(Alignment.named) ?? .center
        case nil: break
        }
        let padding = node["padding"].edgeInsets()
        let background = node["background"].isPresent ? node["background"].shapeBlock() : nil
        var children: [StackItem] = []
        var complete = true
        if let items = node["children"].array(required: true) {
            if items.isEmpty { node["children"].problem("a stack needs at least one child") }
            for (index, item) in items.enumerated() {
                if let child = readStackItem(item, id: "\(id).\(index)", depth: depth, images: images, animatedBy: &animatedBy, canvas: canvas) {
                    children.append(child)
                } else {
                    complete = false
                }
            }
        }
        if node["background"].isPresent, background == nil { return nil }
        guard let axis, complete, !children.isEmpty else { return nil }
        var stack = Stack(id: id, axis: axis, spacing: spacing, alignment: alignment, padding: padding ?? EdgeInsets(), children: children)
        stack.background = background
        return stack
    }

    /// Reads one child of a stack: a spacer, a stack, a shape, an image or a text block, with its fixed
    /// width and height.
    private func readStackItem(_ node: JSONNode, id: String, depth: Int, images: SceneImageLoader, animatedBy: inout String?,
                               canvas: Scene.Canvas?) -> StackItem? {
        if node.value?["spacer"] != nil {
            guard node.object(known: ["spacer"]) != nil,
                  node["spacer"].object(known: ["minLength"]) != nil else { return nil }
            let minLength = node["spacer"]["minLength"]
            if minLength.isPresent {
                return minLength.number(in: 0...100_000).map { .spacer(minLength: $0) }
            }
            return .spacer(minLength: Stack.defaultSpacing)
        }
        guard node.value?.objectValue != nil else { return node.mismatch("a block object") }
        let frame = node["frame"]
        var size: (width: Double?, height: Double?) = (nil, nil)
        var sizeRead = true
        if frame.object(known: ["width", "height", "x", "y"], required: false) != nil {
            for key in ["x", "y"] where frame[key].isPresent {
                frame[key].problem("a stack places its children: a child's frame gives only width and height")
                sizeRead = false
            }
            size = (frame["width"].number(in: 0...100_000), frame["height"].number(in: 0...100_000))
            if frame["width"].isPresent, size.width == nil { sizeRead = false }
            if frame["height"].isPresent, size.height == nil { sizeRead = false }
        } else if frame.isPresent {
            sizeRead = false
        }
        guard var block = readBlock(node, images: images, animatedBy: &animatedBy, canvas: canvas, child: (id, depth)),
              sizeRead else { return nil }
        if var stack = block.stack {
            stack.width = size.width
            stack.height = size.height
            return .stack(stack)
        }
        if var image = block.image {
            image.width = size.width
            image.height = size.height
            block.image = image
            return .block(block, width: size.width, height: size.height)
        }
        if block.shape == nil, let width = size.width {
            // Laid out at the width it is given, less its background's padding.
            block.frame.width = Swift.max(1, width - 2 * (block.background?.padding.width ?? 0))
        }
        return .block(block, width: size.width, height: size.height)
    }
}
