import Foundation

/// A scene's `parameters` with the values given for them: the scene's JSON with every `{{name}}`
/// replaced, read before the rest of the scene.
///
/// A value is always shown as text where it lands: in a block's `markup` its `<` and `&` are
/// escaped, in `markdown` its punctuation is, so data can neither style the text nor break the
/// document, unless the parameter is of type `markup` or `markdown`. A scene without
/// `parameters` is read as written (`{{` may be literal text there).
struct SceneTemplate {
    let parameters: [String: TemplateParameter]
    /// Each parameter's text, checked and formatted.
    private(set) var texts: [String: String] = [:]
    /// Characters added so far by substitution, bounded by `TemplateLimits.maximumFilledCharacters`.
    private var added = 0
    private var reportedGrowth = false
    /// The JSON paths of the strings a placeholder was filled into: what a value can break.
    private(set) var filledPaths: Set<String> = []

    /// Where a placeholder stands, which decides how its value is escaped.
    enum Context {
        case text, markup, markdown
    }

    /// Reads `root["parameters"]` and checks `values` against it, recording problems at
    /// `parameters.NAME`; nil for a scene without parameters (given values are then a problem).
    ///
    /// - Parameter samples: a parameter with neither a value nor a default takes a sample of
    ///   its type instead of being a problem (checking a batch's template before any row).
    init?(_ root: JSONNode, values: [String: JSONValue], samples: Bool = false) {
        let node = root["parameters"]
        guard node.isPresent else {
            if let name = values.keys.sorted().first {
                root.problem("a value is given for \"\(name)\" but the scene declares no parameters")
            }
            return nil
        }
        guard let declared = node.object(known: node.value?.objectValue.map { Array($0.keys) } ?? []) else { return nil }
        var parameters: [String: TemplateParameter] = [:]
        for name in declared.keys.sorted() {
            let item = node[name]
            guard TemplatePlaceholders.isName(name) else {
                item.problem("\"\(name)\" is not a parameter name (letters, digits, _ - and ., starting with a letter or _)")
                continue
            }
            guard item.object(known: ["type", "default", "format"]) != nil else { continue }
            var parameter = TemplateParameter(name: name)
            parameter.kind = item["type"].enumeration(TemplateParameter.Kind.self) ?? .string
            parameter.format = item["format"].string()
            if let format = parameter.format {
                guard parameter.kind == .number else {
                    item["format"].problem("only a number parameter has a format")
                    continue
                }
                if let problem = Self.checkNumberFormat(format) { item["format"].problem(problem) }
            }
            parameter.defaultValue = item["default"].isPresent ? item["default"].value : nil
            parameters[name] = parameter
        }
        self.parameters = parameters
        let language = root["environment"]["locale"].value?.stringValue ?? root["environment"]["language"].value?.stringValue ?? "en"
        for name in values.keys.sorted() where parameters[name] == nil {
            node.problem("a value is given for \"\(name)\", which is not a parameter (the scene has \(parameters.keys.sorted().joined(separator: ", ")))")
        }
        for (name, parameter) in parameters.sorted(by: { $0.key < $1.key }) {
            if let value = values[name] {
                if let text = Self.text(of: value, for: parameter, language: language, report: { node[name].problem("the value \($0)") }) {
                    texts[name] = text
                }
            } else if let value = parameter.defaultValue {
                if let text = Self.text(of: value, for: parameter, language: language, report: { node[name]["default"].problem($0) }) {
                    texts[name] = text
                }
            } else if samples {
                texts[name] = Self.sample(of: parameter.kind)
            } else {
                node[name].problem("no value is given (with --set \(name)=… or a data column \"\(name)\") and it has no default")
            }
        }
    }

    /// A value of `kind` that fits it, standing in for a value still to come.
    static func sample(of kind: TemplateParameter.Kind) -> String {
        switch kind {
        case .number: "1"
        case .boolean: "true"
        case .color: "#000000"
        case .image: "sample.png"
        case .string, .markup, .markdown: "Sample"
        }
    }

    /// The scene's JSON with each placeholder replaced by its parameter's text (the
    /// `parameters` declaration itself is kept as written).
    mutating func filling(_ root: JSONNode) -> JSONValue { filling(root, key: nil) }

    private mutating func filling(_ node: JSONNode, key: String?) -> JSONValue {
        switch node.value {
        case .string(let text):
            return .string(fill(text, context: key == "markup" ? .markup : key == "markdown" ? .markdown : .text, at: node))
        case .array(let items):
            return .array(items.indices.map { filling(node[$0], key: nil) })
        case .object(let object):
            var result: [String: JSONValue] = [:]
            for (name, value) in object {
                result[name] = node.path.isEmpty && name == "parameters" ? value : filling(node[name], key: name)
            }
            return .object(result)
        default:
            return node.value ?? .null
        }
    }

    /// `text` with its placeholders replaced, escaped for `context`.
    private mutating func fill(_ text: String, context: Context, at node: JSONNode) -> String {
        let matches = TemplatePlaceholders.matches(in: text)
        guard !matches.isEmpty else { return text }
        filledPaths.insert(node.path)
        var result = ""
        var position = text.startIndex
        for match in matches {
            result += text[position..<match.range.lowerBound]
            position = match.range.upperBound
            guard let parameter = parameters[match.name] else {
                node.problem("{{\(match.name)}} is not a parameter (the scene has \(parameters.keys.sorted().joined(separator: ", ")))")
                continue
            }
            guard let value = texts[match.name] else { continue }
            let shown = Self.escaped(value, kind: parameter.kind, context: context)
            added += shown.count
            guard added <= TemplateLimits.maximumFilledCharacters else {
                if !reportedGrowth {
                    node.problem("filling the parameters adds more than \(TemplateLimits.maximumFilledCharacters) characters to the scene")
                    reportedGrowth = true
                }
                return text
            }
            result += shown
        }
        result += text[position...]
        return result
    }

    /// A value as it must be written where it lands: markup and Markdown escaped unless the
    /// parameter is of that kind.
    static func escaped(_ value: String, kind: TemplateParameter.Kind, context: Context) -> String {
        switch context {
        case .text: return value
        case .markup:
            return kind == .markup ? value : PangoMarkupParser.escaped(value)
        case .markdown:
            guard kind != .markdown else { return value }
            // Every ASCII punctuation character can be escaped in CommonMark, and is marked so that
            // no autolink can span it after parsing either; a line break would start a new
            // block, so lines are joined with spaces.
            var escaped = ""
            for scalar in value.unicodeScalars {
                if scalar == "\n" || scalar == "\r" {
                    escaped += " "
                } else if Self.markdownPunctuation.contains(scalar) {
                    escaped.unicodeScalars.append(MarkdownParser.dataMark)
                    escaped += "\\" + String(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped
        }
    }

    /// CommonMark's ASCII punctuation, every character of which a backslash escapes.
    static let markdownPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// The text a value shows as, or nil after `report`ing why it does not fit the parameter.
    static func text(of value: JSONValue, for parameter: TemplateParameter, language: String, report: (String) -> Void) -> String? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = JSONNode.format(number)
        case .bool(let flag): text = flag ? "true" : "false"
        default:
            report("is \(value.typeName); a parameter takes a string, number or boolean")
            return nil
        }
        guard text.count <= TemplateLimits.maximumValueCharacters else {
            report("has \(text.count) characters; a value has at most \(TemplateLimits.maximumValueCharacters)")
            return nil
        }
        guard !text.contains("\0") else {
            report("contains a NUL character")
            return nil
        }
        switch parameter.kind {
        case .number:
            let number: Double?
            if case .number(let n) = value { number = n } else { number = decimalNumber(text.trimmingCharacters(in: .whitespaces)) }
            guard let number, number.isFinite else {
                report("\(JSONValue.string(text).description) is not a number")
                return nil
            }
            guard let format = parameter.format else { return JSONNode.format(number) }
            do { return try LocalizedFormatter(language: language).format(LocalizedValue(format: format), arguments: [.number(number)]) } catch {
                report("cannot be shown with \(JSONValue.string(format).description) (\(error))")
                return nil
            }
        case .boolean:
            switch text.lowercased() {
            case "true", "1", "yes": return "true"
            case "false", "0", "no": return "false"
            default:
                report("\(JSONValue.string(text).description) is not true or false")
                return nil
            }
        case .color:
            let problems = SceneProblems()
            guard JSONNode(value: .string(text), path: "", problems: problems).color() != nil, problems.isEmpty else {
                report("\(JSONValue.string(text).description) is not a colour (#RRGGBB, #RRGGBBAA or a name)")
                return nil
            }
            return text
        case .image:
            guard !text.isEmpty else {
                report("is empty; an image parameter takes a path")
                return nil
            }
            return text
        case .string, .markup, .markdown:
            return text
        }
    }

    /// `Double(decimal:)`, without its regular expression for the usual plain decimal (a data
    /// row's price): compiling and running it was a tenth of a row's decoding.
    static func decimalNumber(_ text: String) -> Double? {
        guard isPlainDecimal(text) else { return Double(decimal: text) }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether `text` matches `Double(decimal:)`'s pattern `^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`,
    /// checked byte by byte. (False may still match it: the pattern's `$` also matches before a
    /// final line break; such text goes to `Double(decimal:)` itself.)
    static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        func skipDigits() -> Int {
            var count = 0
            while isDigit(bytes.first) {
                bytes.removeFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        let whole = skipDigits()
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            fraction = skipDigits()
        }
        // Either digits before an optional point (and digits after it), or a point and digits.
        guard whole > 0 || fraction > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
            guard skipDigits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// Why `format` cannot show one number, or nil when it can: asked again for every row of a
    /// batch, so answered once for each format.
    static func checkNumberFormat(_ format: String) -> String? {
        checkedFormats.value(for: format, compute: findNumberFormatProblem)
    }

    private static let checkedFormats = ExactTextMemo<String?>(capacity: 256)

    private static func findNumberFormatProblem(_ format: String) -> String? {
        guard let conversions = try? LocalizedFormatter(language: "en").conversions(of: LocalizedValue(format: format)) else {
            return "\(JSONValue.string(format).description) is not a format string"
        }
        let specifiers = conversions.values.flatMap { $0 }
        guard conversions.keys.sorted() == [1], !specifiers.isEmpty, specifiers.allSatisfy(\.isNumeric) else {
            return "\(JSONValue.string(format).description) must have one numeric conversion such as %.2f or %lld"
        }
        return nil
    }
}
