import Foundation

extension SceneDecoder {
    /// The fields of an `image` block: the image span's presentation fields (`contentMode`,
    /// `alignment`, `cornerRadius`, `clipShape`, `template`) with the block's `id`, `frame`, `opacity` and
    /// `offset`, a template's `color` and the image's `alt` text.
    static let imageBlockKeys = ["id", "frame", "image", "contentMode", "alignment", "cornerRadius", "clipShape", "opacity", "offset",
                                 "template", "color", "alt"]

    /// Reads an `image` block; `child` as for ``readBlock(_:images:animatedBy:canvas:child:)``. At
    /// the top level its frame gives x and y, and width and height when they are fixed; in a
    /// stack the child's frame (read by the stack) fixes them.
    func readImageBlock(_ node: JSONNode, images: SceneImageLoader, animatedBy: inout String?,
                        child: (id: String, depth: Int)?) -> Block? {
        guard node.object(known: Self.imageBlockKeys) != nil else { return nil }
        let id = child.flatMap { node["id"].isPresent ? nil : $0.id } ?? node["id"].string(required: true)
        if id?.isEmpty == true { node["id"].problem("a block id cannot be empty") }
        var origin: CGPoint? = .zero
        var size: (width: Double?, height: Double?) = (nil, nil)
        if child == nil {
            let frame = node["frame"]
            origin = nil
            if frame.object(known: ["x", "y", "width", "height"]) != nil {
                let x = frame["x"].number(required: true)
                let y = frame["y"].number(required: true)
                size = (frame["width"].number(in: 1...100_000), frame["height"].number(in: 1...100_000))
                let sizeRead = (!frame["width"].isPresent || size.width != nil) && (!frame["height"].isPresent || size.height != nil)
                if let x, let y, sizeRead { origin = CGPoint(x: x, y: y) }
            }
        }
        let presentation = node.imagePresentation()
        let opacity = node["opacity"].animatable { $0.number(in: 0...1, required: true) }
        let offset = node["offset"].animatable { $0.point() }
        if opacity?.isConstant == false { animatedBy = animatedBy ?? node["opacity"].path }
        if offset?.isConstant == false { animatedBy = animatedBy ?? node["offset"].path }
        let template = node["template"].bool() ?? false
        var templatePaint: Paint?
        if node["color"].isPresent {
            if template { templatePaint = node["color"].paint() } else { node["color"].problem("applies to a template image (\"template\": true)") }
        } else if template {
            // SwiftUI's default foreground style in a light scheme.
            templatePaint = .color(.black)
        }
        let alt = node["alt"].string()
        if alt?.isEmpty == true { node["alt"].problem("an image's alt text cannot be empty (leave the field out)") }
        guard let path = node["image"].string(required: true) else { return nil }
        guard !path.isEmpty else {
            node["image"].problem("an image block needs a file path")
            return nil
        }
        var image: Image
        switch images.image(at: path) {
        case .success(let loaded):
            image = loaded
        case .failure(let error):
            let shown = error.path.hasSuffix(path) ? error.reason : "\(error.reason): \(error.path)"
            node["image"].problem("\"\(path)\" cannot be read (\(shown))")
            return nil
        }
        guard let id, !id.isEmpty, let origin, let presentation, !template || templatePaint != nil else { return nil }
        image.presentation = presentation
        if template { image.renderingMode = .template }
        let imageBlock = ImageBlock(image: image, source: path, width: size.width, height: size.height,
                                    templatePaint: templatePaint, alt: alt)
        let resolved = imageBlock.size()
        var block = Block(id: id, frame: Block.Frame(x: origin.x, y: origin.y, width: resolved.width, height: resolved.height),
                          text: RichText(spans: []))
        block.image = imageBlock
        block.opacity = opacity ?? .constant(1)
        block.offset = offset ?? .constant(.zero)
        return block
    }
}
