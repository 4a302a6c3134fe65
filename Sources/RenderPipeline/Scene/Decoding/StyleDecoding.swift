/// Reading `Style` fields, shared by a block's `style` object and span objects.
extension JSONNode {
    /// The style field names, which span objects accept alongside their own.
    public static let styleKeys = ["font", "color", "bold", "italic", "underline", "strikethrough",
                                   "backgroundColor", "kerning", "baselineOffset"]

    /// Reads the style fields present in this object (other keys are the caller's to check).
    public func style() -> Style {
        var style = Style()
        if self["font"].isPresent { style.font = self["font"].fontDescriptor() }
        if self["color"].isPresent { style.color = self["color"].paint() }
        style.bold = self["bold"].bool()
        style.italic = self["italic"].bool()
        style.underline = self["underline"].decoration()
        style.strikethrough = self["strikethrough"].decoration()
        style.backgroundColor = self["backgroundColor"].color()
        style.kerning = self["kerning"].number(in: -1000...1000)
        style.baselineOffset = self["baselineOffset"].number(in: -10000...10000)
        return style
    }

    func fontDescriptor() -> FontDescriptor? {
        guard object(known: ["family", "size", "textStyle", "weight", "italic", "monospaced", "features", "variations"]) != nil else { return nil }
        var font = FontDescriptor()
        if let family = self["family"].string() {
            if family.trimmingCharacters(in: .whitespaces).isEmpty { self["family"].problem("a font family name cannot be empty") }
            else {
                font.family = family
                problems.noteFontFamily(family, at: self["family"].path)
            }
        }
        font.size = self["size"].number(in: 1...2000)
        font.textStyle = self["textStyle"].enumeration(TextStyle.self)
        font.italic = self["italic"].bool()
        font.monospaced = self["monospaced"].bool()
        font.features = self["features"].openTypeTags("a feature value: 0 (off), 1 (on) or an alternate's number") {
            if case .bool(let on) = $0.value { return on ? 1 : 0 }
            return $0.integer(in: 0...65535)
        }
        font.variations = self["variations"].openTypeTags("an axis value") { $0.number(in: -32768...32767) }
        let weight = self["weight"]
        if weight.isPresent {
            if case .number = weight.value {
                font.weight = weight.integer(in: 100...1000).map(FontWeight.init)
            } else {
                font.weight = weight.choice(FontWeight.named.map { ($0.name, $0.weight) })
            }
        }
        return font
    }

    /// An object keyed by OpenType tags (four printable ASCII characters, as `wght` or `ss01`)
    /// with a value each, read by `read`.
    func openTypeTags<Value>(_ what: String, _ read: (JSONNode) -> Value?) -> [String: Value]? {
        guard isPresent else { return nil }
        guard let object = value?.objectValue else { return mismatch("an object of OpenType tags, each with \(what)") }
        var result: [String: Value] = [:]
        for tag in object.keys.sorted() {
            let isTag = tag.unicodeScalars.count == 4 && tag.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
                && tag.first != " " && !tag.contains(",") && !tag.contains("=") && !tag.contains("\"")
            guard isTag else {
                self[tag].problem("\"\(tag)\" is not an OpenType tag (four letters or digits, as \"wght\" or \"ss01\")")
                continue
            }
            if let value = read(self[tag]) { result[tag] = value }
        }
        return result
    }

    /// A color, or `{"linearGradient": {"colors": [...], "angle"?, "locations"?}}`.
    func paint() -> Paint? {
        if case .string = value { return color().map(Paint.color) }
        guard object(known: ["linearGradient"]) != nil else { return nil }
        let gradient = self["linearGradient"]
        guard gradient.object(known: ["colors", "angle", "locations"]) != nil else { return nil }
        guard let items = gradient["colors"].array(required: true) else { return nil }
        let colors = items.compactMap { $0.color(required: true) }
        guard colors.count == items.count else { return nil }
        guard colors.count >= 2 else {
            gradient["colors"].problem("a gradient needs at least two colors")
            return nil
        }
        let angle = gradient["angle"].number(in: -3600...3600) ?? 0
        var locations: [Double]?
        if let stops = gradient["locations"].array() {
            let values = stops.compactMap { $0.number(in: 0...1, required: true) }
            if values.count != colors.count {
                gradient["locations"].problem("needs one location per color (\(colors.count))")
            } else if values != values.sorted() {
                gradient["locations"].problem("locations must increase")
            } else {
                locations = values
            }
        }
        return .linearGradient(LinearGradient(colors: colors, locations: locations, angle: angle))
    }

    /// `true`/`false`, or `{"style": single|double|dotted|dashed|wavy, "color"?}`.
    func decoration() -> TextDecoration? {
        guard isPresent else { return nil }
        if case .bool(let on) = value { return on ? TextDecoration() : TextDecoration.none }
        guard case .object = value else { return mismatch("true, false or {\"style\", \"color\"}") }
        guard object(known: ["style", "color"]) != nil else { return nil }
        return TextDecoration(pattern: self["style"].enumeration(DecorationPattern.self) ?? .single,
                              color: self["color"].color())
    }

    /// Padding: one number for all sides, or `[horizontal, vertical]`.
    func padding() -> (horizontal: Double, vertical: Double)? {
        guard isPresent else { return nil }
        if case .number = value { return number(in: 0...10_000).map { ($0, $0) } }
        guard let items = array(), items.count == 2 else {
            return mismatch("a number or [horizontal, vertical]")
        }
        guard let h = items[0].number(in: 0...10_000, required: true), let v = items[1].number(in: 0...10_000, required: true) else { return nil }
        return (h, v)
    }

    /// A block's `text`: a string, or an array of span objects (images load through `images`).
    func spans(images: SceneImageLoader? = nil) -> [Span]? {
        guard isPresent else { return nil }
        if let text = value?.stringValue { return [Span(text)] }
        guard let items = array() else { return nil }
        guard items.count <= SceneLimits.maximumSpansPerBlock else {
            problem("has \(items.count) spans; at most \(SceneLimits.maximumSpansPerBlock) are allowed")
            return nil
        }
        return items.compactMap { $0.span(images: images) }
    }
}
