import Foundation

/// Reading an image paint, `{"image": {"source", "scale"?, "sourceRect"?, "origin"?}}`: SwiftUI's
/// `ImagePaint` (its `sourceRect` and `scale`), with the tiles' origin as a unit point of what
/// the paint fills, as a gradient's `center` is.
extension JSONNode {
    /// The image paint this node describes; its `source` is read as an image block's file is.
    func imagePaint() -> Paint? {
        guard object(known: ["source", "scale", "sourceRect", "origin"]) != nil else { return nil }
        let scale = self["scale"].number(in: 0.01...100)
        let sourceRect = self["sourceRect"].unitRect()
        let origin = unitPoint("origin")
        guard let path = self["source"].string(required: true) else { return nil }
        guard !path.isEmpty else {
            self["source"].problem("an image paint needs a file path")
            return nil
        }
        let image: Image
        switch (problems.images ?? SceneImageLoader(baseDirectory: nil).image(at:))(path) {
        case .success(let loaded):
            image = loaded
        case .failure(let error):
            let shown = error.path.hasSuffix(path) ? error.reason : "\(error.reason): \(error.path)"
            self["source"].problem("\"\(path)\" cannot be read (\(shown))")
            return nil
        }
        guard !self["scale"].isPresent || scale != nil, !self["sourceRect"].isPresent || sourceRect != nil else { return nil }
        let paint = ImagePaint(image: image, sourceRect: sourceRect ?? CGRect(x: 0, y: 0, width: 1, height: 1), scale: scale ?? 1)
        return .image(paint, origin: .unit(origin ?? .topLeading))
    }

    /// A rectangle `{x, y, width, height}` in unit coordinates of an image: inside (0, 0, 1, 1)
    /// and not empty.
    func unitRect() -> CGRect? {
        guard isPresent, object(known: ["x", "y", "width", "height"]) != nil else { return nil }
        let x = self["x"].number(in: 0...1) ?? (self["x"].isPresent ? nil : 0)
        let y = self["y"].number(in: 0...1) ?? (self["y"].isPresent ? nil : 0)
        let width = self["width"].number(in: 0...1, required: true), height = self["height"].number(in: 0...1, required: true)
        guard let x, let y, let width, let height else { return nil }
        guard width > 0, height > 0 else {
            problem("an empty rectangle (width and height must be above 0)")
            return nil
        }
        guard x + width <= 1 + 1e-9, y + height <= 1 + 1e-9 else {
            problem("reaches past the image (x + width and y + height are at most 1)")
            return nil
        }
        return CGRect(x: x, y: y, width: width, height: height)
    }
}
