import Foundation

extension JSONNode {
    /// The fields a caption style object may have.
    static let captionStyleKeys = ["preset", "font", "color", "plate", "outline", "shadow", "position", "alignment",
                                   "maxLines", "maxCharactersPerLine", "safeArea", "lineSpacing", "lineBreaks",
                                   "classes", "voice", "words"]

    /// A caption style: a preset's name, or an object of style fields over a `preset` (else the
    /// default style). Problems are recorded at their paths; wrong fields keep the base's values.
    package func captionStyle() -> CaptionStyle {
        if let name = value?.stringValue { return presetStyle(name) }
        guard object(known: Self.captionStyleKeys, required: false) != nil else { return CaptionStyle() }
        var style = self["preset"].string().map { self["preset"].presetStyle($0) } ?? CaptionStyle()
        let font = self["font"]
        if font.object(known: ["family", "size", "weight", "italic", "features", "variations"], required: false) != nil {
            if font["size"].isPresent, let size = font["size"].captionLength() { style.size = size }
            var rest = font.value?.objectValue ?? [:]
            rest["size"] = nil
            if let descriptor = JSONNode(value: .object(rest), path: font.path, problems: problems).fontDescriptor() {
                style.font = style.font.overridden(by: descriptor)
            }
        }
        if self["color"].isPresent, let paint = self["color"].paint() { style.color = paint }
        if case .bool(false)? = self["plate"].value { style.plate = nil }
        else if self["plate"].object(known: ["color", "cornerRadius", "padding"], required: false) != nil {
            let node = self["plate"]
            var plate = style.plate ?? CaptionStyle.Plate(paint: .color(Color(red: 0, green: 0, blue: 0, alpha: 0.75)))
            if node["color"].isPresent, let paint = node["color"].paint() { plate.paint = paint }
            if let radius = node["cornerRadius"].number(in: 0...10_000) { plate.cornerRadius = radius }
            if let padding = node["padding"].padding() { plate.padding = CGSize(width: padding.horizontal, height: padding.vertical) }
            style.plate = plate
        }
        if case .bool(false)? = self["outline"].value { style.outline = nil }
        else if self["outline"].object(known: ["color", "width"], required: false) != nil {
            let node = self["outline"]
            var outline = style.outline ?? CaptionStyle.Outline()
            if node["color"].isPresent, let paint = node["color"].paint() { outline.paint = paint }
            if node["width"].isPresent, let width = node["width"].captionLength(minimum: 0) { outline.width = width }
            style.outline = outline
        }
        if case .bool(false)? = self["shadow"].value { style.shadow = nil }
        else if self["shadow"].object(known: ["color", "radius", "x", "y"], required: false) != nil {
            let node = self["shadow"]
            var shadow = style.shadow ?? CaptionStyle.Shadow()
            if let color = node["color"].color() { shadow.color = color }
            if let radius = node["radius"].number(in: 0...500) { shadow.radius = radius }
            if let x = node["x"].number(in: -1000...1000) { shadow.x = x }
            if let y = node["y"].number(in: -1000...1000) { shadow.y = y }
            style.shadow = shadow
        }
        if let placement = self["position"].enumeration(CaptionStyle.Placement.self) { style.placement = placement }
        if let alignment = self["alignment"].enumeration(TextAlignment.self) { style.alignment = alignment }
        if let lines = self["maxLines"].integer(in: 1...20) { style.maxLines = lines }
        if let characters = self["maxCharactersPerLine"].integer(in: 4...1000) { style.maxCharactersPerLine = characters }
        if self["safeArea"].isPresent {
            let node = self["safeArea"]
            if case .number? = node.value {
                if let fraction = node.number(in: 0...0.45) { style.safeArea = CGSize(width: fraction, height: fraction) }
            } else if let items = node.array(), items.count == 2 {
                if let h = items[0].number(in: 0...0.45, required: true), let v = items[1].number(in: 0...0.45, required: true) {
                    style.safeArea = CGSize(width: h, height: v)
                }
            } else if node.value?.arrayValue != nil {
                node.problem("expected a fraction of the frame (0–0.45) or [horizontal, vertical]")
            }
        }
        if let spacing = self["lineSpacing"].number(in: -1000...1000) { style.lineSpacing = spacing }
        if let breaks = self["lineBreaks"].enumeration(CaptionStyle.LineBreaks.self) { style.lineBreaks = breaks }
        if let classes = self["classes"].value?.objectValue {
            for name in classes.keys.sorted() {
                let node = self["classes"][name]
                if node.object(known: Self.styleKeys) != nil { style.classes[name] = node.style() }
            }
        } else if self["classes"].isPresent {
            let _: Bool? = self["classes"].mismatch("an object of class names, each with style fields")
        }
        let voice = self["voice"]
        if case .bool(let shows)? = voice.value {
            style.showsVoice = shows
        } else if voice.isPresent, voice.object(known: Self.styleKeys) != nil {
            style.showsVoice = true
            style.voiceStyle = voice.style()
        }
        if case .bool(false)? = self["words"].value { style.words = nil }
        else if self["words"].isPresent, let words = self["words"].captionWords(over: style.words) { style.words = words }
        return style
    }

    /// A style's `words`: `{"effect", "spoken", "unspoken", "active", "scale", "plate", "fade"}`
    /// over the preset's (`effect` required when the preset has none).
    func captionWords(over base: CaptionStyle.Words?) -> CaptionStyle.Words? {
        guard object(known: ["effect", "spoken", "unspoken", "active", "scale", "plate", "fade"], required: false) != nil else { return base }
        let effect = self["effect"].enumeration(CaptionStyle.Words.Effect.self, required: base == nil)
        // Without an effect the other fields are still checked, so every problem is listed at once.
        var words = base ?? CaptionStyle.Words(effect: effect ?? .highlight)
        if let effect { words.effect = effect }
        if self["spoken"].isPresent, let paint = self["spoken"].paint() { words.spoken = paint }
        if self["unspoken"].isPresent, let paint = self["unspoken"].paint() { words.unspoken = paint }
        if self["active"].isPresent, let paint = self["active"].paint() { words.active = paint }
        if let scale = self["scale"].number(in: 0.5...3) { words.scale = scale }
        if let fade = self["fade"].number(in: 0...10) { words.fade = fade }
        if case .bool(false)? = self["plate"].value { words.plate = nil }
        else if self["plate"].object(known: ["color", "cornerRadius", "padding"], required: false) != nil {
            let node = self["plate"]
            var plate = words.plate ?? CaptionStyle.Plate(paint: .color(Color(red: 1, green: 0.84, blue: 0.31)), cornerRadius: 8, padding: CGSize(width: 8, height: 2))
            if node["color"].isPresent, let paint = node["color"].paint() { plate.paint = paint }
            if let radius = node["cornerRadius"].number(in: 0...10_000) { plate.cornerRadius = radius }
            if let padding = node["padding"].padding() { plate.padding = CGSize(width: padding.horizontal, height: padding.vertical) }
            words.plate = plate
        }
        return effect != nil || base != nil ? words : nil
    }

    /// A preset by name; an unknown name is a problem here, naming the presets.
    private func presetStyle(_ name: String) -> CaptionStyle {
        guard let style = CaptionStyle.preset(named: name) else {
            problem("\(JSONValue.string(name)) is not a caption style preset (known: \(CaptionStyle.presetNames.joined(separator: ", ")))")
            return CaptionStyle()
        }
        // The preset's family is asked for here, where the preset is chosen.
        if let family = style.font.family { problems.noteFontFamily(family, at: path) }
        return style
    }

    /// A length: points as a number (`48`, `"48pt"`) or a fraction of the frame height (`"5vh"`).
    func captionLength(minimum: Double = 1) -> CaptionStyle.Length? {
        if case .number = value { return number(in: minimum...2000).map { .points($0) } }
        guard let text = string() else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("vh"), let n = Double(trimmed.dropLast(2)), n >= 0, n <= 100, n > 0 || minimum == 0 { return .frameHeight(n / 100) }
        if trimmed.hasSuffix("pt"), let n = Double(trimmed.dropLast(2)), n >= minimum, n <= 2000 { return .points(n) }
        problem("\"\(text)\" is not a size (points, as 48 or \"48pt\", or a share of the frame height, as \"5vh\")")
        return nil
    }
}
