import Foundation

/// Reading a block's `markdownStyle`: a theme and per-element styles.
extension JSONNode {
    /// The fields each element accepts besides the text style fields; what an element does
    /// not draw it does not accept, so a misplaced field is reported rather than ignored.
    static let markdownElementKeys: [MarkdownElement: [String]] = {
        let spacing = ["spacingBefore", "spacingAfter"]
        var keys: [MarkdownElement: [String]] = [:]
        for element in MarkdownElement.allCases {
            switch element {
            case .body, .image: keys[element] = spacing
            case .h1, .h2, .h3, .h4, .h5, .h6: keys[element] = spacing + ["padding", "border", "lineHeight"]
            case .blockQuote: keys[element] = spacing + ["indent", "padding", "background", "cornerRadius", "tint", "thickness"]
            case .codeBlock: keys[element] = spacing + ["padding", "background", "cornerRadius", "border", "tint", "wraps", "showsLanguage"]
            case .listItem: keys[element] = spacing + ["indent", "padding", "tint"]
            case .table: keys[element] = spacing + ["padding", "cornerRadius", "border", "stripe"]
            case .tableHeader: keys[element] = ["background"]
            case .thematicBreak: keys[element] = spacing + ["tint", "thickness"]
            case .inlineCode: keys[element] = ["padding", "cornerRadius"]
            case .tableBody, .link, .strong, .emphasis, .strikethrough, .keyboard, .highlight, .missingImage, .mathError,
                 .footnoteReference:
                keys[element] = []
            case .alert: keys[element] = spacing + ["indent", "padding", "background", "cornerRadius", "thickness"]
            case .footnotes: keys[element] = spacing + ["indent", "tint", "thickness"]
            }
        }
        return keys
    }()

    /// `{"theme": "light"|"dark", "<element>": {…}, …}` over the theme it names (light by default).
    func markdownStyle() -> MarkdownStyle {
        let elementNames = MarkdownElement.allCases.map(\.rawValue)
        guard object(known: ["theme", "details", "strictImages", "alertTints", "lineHeight"] + Self.codeHighlightingKeys + elementNames,
                     required: false) != nil
        else { return .light }
        var style = self["theme"].choice([("light", MarkdownStyle.light), ("dark", MarkdownStyle.dark),
                                          ("github", MarkdownStyle.github), ("github-dark", MarkdownStyle.githubDark)]) ?? .light
        style.showsDetailsOpen = self["details"].choice([("auto", Bool?.none), ("open", true), ("summary", false)]) ?? nil
        style.strictImages = self["strictImages"].bool() ?? false
        style.lineHeight = self["lineHeight"].number(in: 0.5...5) ?? style.lineHeight
        let tints = self["alertTints"]
        if tints.object(known: MarkdownAlertKind.allCases.map(\.rawValue), required: false) != nil {
            for kind in MarkdownAlertKind.allCases { if let color = tints[kind.rawValue].color() { style.alertTints[kind] = color } }
        }
        readCodeHighlighting(into: &style)
        for element in MarkdownElement.allCases where self[element.rawValue].isPresent {
            style[element] = style[element].overridden(by: self[element.rawValue].markdownElementStyle(element))
        }
        return style
    }

    private func markdownElementStyle(_ element: MarkdownElement) -> MarkdownElementStyle {
        let extra = Self.markdownElementKeys[element] ?? []
        let textKeys = element == .thematicBreak ? [] : Self.styleKeys.filter { $0 != "baselineOffset" }
        guard object(known: textKeys + extra) != nil else { return MarkdownElementStyle() }
        var result = MarkdownElementStyle(text: textKeys.isEmpty ? Style() : style())
        result.spacingBefore = self["spacingBefore"].number(in: 0...1000)
        result.spacingAfter = self["spacingAfter"].number(in: 0...1000)
        result.indent = self["indent"].number(in: 0...1000)
        result.padding = self["padding"].padding().map { CGSize(width: $0.horizontal, height: $0.vertical) }
        result.background = self["background"].color()
        result.cornerRadius = self["cornerRadius"].number(in: 0...1000)
        result.tint = self["tint"].color()
        result.stripe = self["stripe"].color()
        result.thickness = self["thickness"].number(in: 0...1000)
        result.wraps = self["wraps"].bool()
        result.showsLanguage = self["showsLanguage"].bool()
        result.lineHeight = self["lineHeight"].number(in: 0.5...5)
        let border = self["border"]
        if border.object(known: ["color", "width"], required: false) != nil, let color = border["color"].color(required: true) {
            result.border = .init(color: color, width: border["width"].number(in: 0...100) ?? 1)
        }
        return result
    }

    /// The images a Markdown text names (`![alt](x.png)` and `<img src>`) that are files,
    /// loaded relative to the scene. An image that cannot be read, or is remote (never fetched:
    /// texteffects does not reach the network) or a `data:` URL, shows its alt text with a
    /// warning naming it; with `strict` (`--strict-images`, `markdownStyle.strictImages`) it is
    /// a problem at this node instead.
    func markdownImages(for markdown: MarkdownView, images: SceneImageLoader, strict: Bool) -> (images: [String: Image], warnings: [String]) {
        var result: [String: Image] = [:]
        var warnings: [String] = []
        func report(_ message: String) {
            if strict { problem(message) } else { warnings.append("\(path): \(message); its alt text is shown") }
        }
        for source in markdown.imageSources where !source.isEmpty {
            if source.contains("://") || source.hasPrefix("//") {
                report("image \"\(source)\" is remote and is not fetched")
                continue
            }
            if source.hasPrefix("data:") {
                report("image \"\(source.prefix(40))…\" is a data URL, which is not read")
                continue
            }
            switch images.image(at: source) {
            case .success(let image): result[source] = image
            case .failure(let error):
                let shown = error.path.hasSuffix(source) ? error.reason : "\(error.reason): \(error.path)"
                report("image \"\(source)\" cannot be read (\(shown))")
            }
        }
        return (result, warnings)
    }
}
