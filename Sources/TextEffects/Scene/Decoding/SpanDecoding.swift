import Foundation

/// Reading one span object of a block's `text` (or a truncation token): a text, image or tag span.
extension JSONNode {
    /// The fields a span object may have: its content, link, attributes, box fields and style fields.
    public static let spanKeys = ["text", "image", "tag", "key", "arguments", "table", "link", "attributes", "alt", "height",
                                  "background", "cornerRadius", "padding", "symbol", "scale", "template",
                                  "width", "contentMode", "alignment", "clipShape"] + styleKeys

    /// A span object; images load through `images` (relative to the scene's folder).
    func span(images: SceneImageLoader?) -> Span? {
        guard let object = object(known: Self.spanKeys) else { return nil }
        let kinds = ["text", "image", "tag", "symbol"].filter { object[$0] != nil }
        if kinds.count > 1 {
            problem("has \(kinds.joined(separator: " and ")); give exactly one of text, image, tag or symbol")
            return nil
        }
        let kind = kinds.first ?? "text"
        if kind != "image", object["height"] != nil { self["height"].problem("applies only to image spans") }
        for key in ["background", "padding"] where kind != "tag" && object[key] != nil {
            self[key].problem("applies only to tag spans")
        }
        if kind != "tag", kind != "image", object["cornerRadius"] != nil { self["cornerRadius"].problem("applies only to image and tag spans") }
        for key in ["width", "contentMode", "alignment", "clipShape"] where kind != "image" && object[key] != nil {
            self[key].problem("applies only to image spans")
        }
        if kind == "text", object["alt"] != nil { self["alt"].problem("applies only to image, tag or symbol spans") }
        if kind != "symbol", object["scale"] != nil { self["scale"].problem("applies only to symbol spans") }
        if kind != "image", object["template"] != nil { self["template"].problem("applies only to image spans") }
        let style = self.style()
        let alt = self["alt"].string()
        var span: Span?
        switch kind {
        case "image": span = imageSpan(style: style, alt: alt, images: images)
        case "tag": span = tagSpan(style: style, alt: alt)
        case "symbol": span = symbolSpan(style: style, alt: alt)
        default: span = self["text"].string(required: true).map { Span($0, style: style) }
        }
        if self["link"].isPresent, let link = self["link"].string() {
            if link.isEmpty { self["link"].problem("a link needs a URL") } else { span?.link = link }
        }
        if let attributes = self["attributes"].value?.objectValue {
            span?.attributes = AttributeSet(json: attributes)
        } else if self["attributes"].isPresent {
            let _: Bool? = self["attributes"].mismatch("an object of attribute names")
        }
        return span
    }

    private func imageSpan(style: Style, alt: String?, images: SceneImageLoader?) -> Span? {
        var height = InlineImageHeight.font
        let heightNode = self["height"]
        if heightNode.isPresent {
            if heightNode.value?.stringValue == "font" {
                height = .font
            } else if case .number = heightNode.value {
                guard let points = heightNode.number(in: 0.5...10_000) else { return nil }
                height = .points(points)
            } else {
                let _: Bool? = heightNode.mismatch("a number of points or \"font\"")
                return nil
            }
        }
        let presentation = imagePresentation()
        guard let path = self["image"].string(required: true), let presentation else { return nil }
        guard !path.isEmpty else {
            self["image"].problem("an image span needs a file path")
            return nil
        }
        switch (images ?? SceneImageLoader(baseDirectory: nil)).image(at: path) {
        case .success(var image):
            if self["template"].bool() == true { image.renderingMode = .template }
            image.presentation = presentation
            // A width alone keeps the image's aspect ratio, as a height alone does.
            if let width = presentation.width, !heightNode.isPresent { height = .points(width / image.aspectRatio) }
            return Span(image: image, height: height, alt: alt, style: style)
        case .failure(let error):
            let shown = error.path.hasSuffix(path) ? error.reason : "\(error.reason): \(error.path)"
            self["image"].problem("\"\(path)\" cannot be read (\(shown))")
            return nil
        }
    }

    private func tagSpan(style: Style, alt: String?) -> Span? {
        guard let text = self["tag"].string(required: true) else { return nil }
        if text.isEmpty { self["tag"].problem("a tag needs text") }
        var tag = InlineTag(text)
        if let value = self["background"].value {
            tag.background = value == .null ? nil : self["background"].paint()
        }
        if let radius = self["cornerRadius"].number(in: 0...10_000) { tag.cornerRadius = radius }
        if let padding = self["padding"].padding() { tag.padding = CGSize(width: padding.horizontal, height: padding.vertical) }
        guard !text.isEmpty else { return nil }
        return Span(tag: tag, alt: alt, style: style)
    }
}
