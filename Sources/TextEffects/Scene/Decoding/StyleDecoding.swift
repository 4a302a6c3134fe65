/// Reading `Style` fields, shared by a block's `style` object and span objects.
extension JSONNode {
    /// The style field names, which span objects accept alongside their own.
    public static let styleKeys = ["font", "color", "bold", "italic", "underline", "strikethrough",
                                   "backgroundColor", "kerning", "baselineOffset"]

    /// Reads the style fields present in this object (other keys are the caller's to check).
    package func style() -> Style {
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

    /// A color, one gradient: `{"linearGradient": {"colors", "angle"?, "locations"?}}`,
    /// `{"radialGradient": {"colors", "locations"?, "center"?, "startRadius"?, "endRadius"}}` or
    /// `{"angularGradient": {"colors", "locations"?, "center"?, "startAngle"?, "endAngle"?}}`,
    /// or an image tile: `{"image": {"source", "scale"?, "sourceRect"?, "origin"?}}`.
    func paint() -> Paint? {
        if case .string = value { return color().map(Paint.color) }
        let kinds = ["linearGradient", "radialGradient", "angularGradient", "image"]
        guard let object = object(known: kinds) else { return nil }
        let given = kinds.filter { object[$0] != nil }
        guard given.count <= 1 else {
            problem("gives \(given.joined(separator: " and ")); a paint is one gradient or one image")
            return nil
        }
        switch given.first {
        case "image":
            return self["image"].imagePaint()
        case "radialGradient":
            let radial = self["radialGradient"]
            guard radial.object(known: ["colors", "locations", "center", "startRadius", "endRadius"]) != nil,
                  let gradient = radial.gradientStops() else { return nil }
            let center = radial.unitPoint("center") ?? .center
            let startRadius = radial["startRadius"].number(in: 0...1_000_000) ?? 0
            guard let endRadius = radial["endRadius"].number(in: 0...1_000_000, required: true) else { return nil }
            return .radialGradient(RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius))
        case "angularGradient":
            let angular = self["angularGradient"]
            guard angular.object(known: ["colors", "locations", "center", "startAngle", "endAngle"]) != nil,
                  let gradient = angular.gradientStops() else { return nil }
            let center = angular.unitPoint("center") ?? .center
            let start = angular["startAngle"].number(in: -3600...3600) ?? 0
            // Without an end, one full turn from the start: a conic gradient.
            let end = angular["endAngle"].number(in: -3600...3600) ?? start + 360
            if end < start { angular["endAngle"].problem("must not be less than startAngle (\(start))") }
            return .angularGradient(AngularGradient(gradient: gradient, centeredAt: .unit(center), startAngle: .degrees(start),
                                                    endAngle: .degrees(end)))
        default:
            let linear = self["linearGradient"]
            guard linear.object(known: ["colors", "angle", "locations"]) != nil, let gradient = linear.gradientStops() else { return nil }
            let angle = linear["angle"].number(in: -3600...3600) ?? 0
            return .linearGradient(LinearGradient(gradient: gradient, placement: .angle(.degrees(angle))))
        }
    }

    /// A gradient's `colors` (at least two) and optional `locations`, one per colour, increasing.
    func gradientStops() -> Gradient? {
        guard let items = self["colors"].array(required: true) else { return nil }
        let colors = items.compactMap { $0.color(required: true) }
        guard colors.count == items.count else { return nil }
        guard colors.count >= 2 else {
            self["colors"].problem("a gradient needs at least two colors")
            return nil
        }
        var locations: [Double]?
        if let stops = self["locations"].array() {
            let values = stops.compactMap { $0.number(in: 0...1, required: true) }
            if values.count != colors.count {
                self["locations"].problem("needs one location per color (\(colors.count))")
            } else if values != values.sorted() {
                self["locations"].problem("locations must increase")
            } else {
                locations = values
            }
        }
        return Gradient(colors: colors, locations: locations)
    }

    /// A unit point `{x, y}` of what a gradient fills ((0, 0) its top-leading corner, (1, 1)
    /// its bottom-trailing one; beyond them is allowed), at `key`.
    func unitPoint(_ key: String) -> UnitPoint? {
        let node = self[key]
        guard node.isPresent, node.object(known: ["x", "y"]) != nil else { return nil }
        guard let x = node["x"].number(in: -100...100, required: true), let y = node["y"].number(in: -100...100, required: true) else { return nil }
        return UnitPoint(x: x, y: y)
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
