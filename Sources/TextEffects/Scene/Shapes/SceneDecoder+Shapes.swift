import Foundation

extension SceneDecoder {
    /// The fields of a `shape` block: at the top level its frame gives x, y, width and height; in
    /// a stack, width and height or neither.
    static let shapeBlockKeys = ["id", "frame", "shape", "opacity", "offset"]

    /// Reads a `shape` block; `child` as for ``readBlock(_:images:animatedBy:canvas:child:)``.
    func readShapeBlock(_ node: JSONNode, animatedBy: inout String?, child: (id: String, depth: Int)?) -> Block? {
        guard node.object(known: Self.shapeBlockKeys) != nil else { return nil }
        let id = child.flatMap { node["id"].isPresent ? nil : $0.id } ?? node["id"].string(required: true)
        if id?.isEmpty == true { node["id"].problem("a block id cannot be empty") }
        var frame: Block.Frame? = Block.Frame(x: 0, y: 0, width: 1)
        if child == nil {
            frame = readFrame(node["frame"])
            if let read = frame, read.height == nil {
                node["frame"]["height"].problem("is required: a shape fills its frame")
                frame = nil
            }
        }
        let shape = node["shape"].shapeBlock()
        let opacity = node["opacity"].animatable { $0.number(in: 0...1, required: true) }
        let offset = node["offset"].animatable { $0.point() }
        if opacity?.isConstant == false { animatedBy = animatedBy ?? node["opacity"].path }
        if offset?.isConstant == false { animatedBy = animatedBy ?? node["offset"].path }
        guard let id, !id.isEmpty, let frame, let shape else { return nil }
        var block = Block(id: id, frame: frame, text: RichText(spans: []))
        block.shape = shape
        block.opacity = opacity ?? .constant(1)
        block.offset = offset ?? .constant(.zero)
        return block
    }
}
