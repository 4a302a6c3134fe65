import Foundation

/// Resolves a scene's localized spans before the scene is read: reads the tables its
/// `strings` names, settles the locale, and replaces every span `{"key": …, "arguments": […],
/// "table": …}` (in a block's `text` and a truncation `token`) by a text span with the string
/// shown in that locale, keeping its style fields. Problems are reported at their JSON paths.
struct SceneLocalization {
    /// The tables, in the chosen language; `nil` when the scene names none.
    var bundle: StringBundle?
    /// Whether a table named in `strings` could not be read (key spans are then not checked).
    var tablesFailed = false

    /// The span fields this resolves.
    static let spanKeys = ["key", "arguments", "table"]
    /// At most this many table files per scene.
    static let maximumTables = 32

    /// Reads `root.strings` and the locale (`override`, else `environment.locale`, else the
    /// source language).
    init(_ root: JSONNode, assets: AssetRoot, override: String?) {
        let node = root["strings"]
        var paths: [JSONNode] = []
        if node.isPresent {
            if node.value?.stringValue != nil { paths = [node] }
            else if let items = node.array() {
                if items.isEmpty { node.problem("names no table (give a .xcstrings or .strings file)") }
                if items.count > Self.maximumTables { node.problem("names \(items.count) tables; at most \(Self.maximumTables)") }
                paths = Array(items.prefix(Self.maximumTables))
            } else if node.value?.arrayValue == nil {
                node.problem("expected a file name or an array of them, found \(node.value!.typeName) \(node.value!)")
            }
        }
        var tables: [StringTable] = []
        var failed = false
        for item in paths {
            guard let path = item.string(required: true) else { failed = true; continue }
            guard !path.isEmpty else { item.problem("a table needs a file name"); failed = true; continue }
            do {
                let table = try StringBundle.table(at: path, assets: assets, displayName: path)
                if let other = tables.first(where: { $0.name == table.name }) {
                    item.problem("\"\(path)\" is a second table named \(table.name) (after \(other.file)); tables are told apart by name")
                }
                tables.append(table)
            } catch {
                for message in error.messages { item.problem(message) }
                failed = true
            }
        }
        let localeNode = root["environment"]["locale"]
        let asked = override ?? localeNode.string()
        guard !tables.isEmpty, !failed else {
            if let asked, !failed {
                if override != nil {
                    root.problem("--locale \(asked): the scene names no string tables (\"strings\"), so it has no locales")
                } else {
                    localeNode.problem("applies to scenes with \"strings\" (String Catalogs or .strings tables); this scene has none")
                }
            }
            bundle = nil
            tablesFailed = failed
            return
        }
        var bundle = StringBundle(tables: tables)
        if let asked {
            do { bundle = try bundle.localized(for: asked) } catch {
                if override != nil { root.problem("--locale \(asked): \(error.description)") }
                else { localeNode.problem(error.description) }
            }
        }
        self.bundle = bundle
    }

    /// The scene's JSON with every localized span shown as text.
    func resolving(_ root: JSONNode) -> JSONValue? {
        guard var object = root.value?.objectValue, let blocks = object["blocks"]?.arrayValue else { return root.value }
        var resolved: [JSONValue] = []
        for index in blocks.indices {
            let block = root["blocks"][index]
            guard var fields = block.value?.objectValue else { resolved.append(blocks[index]); continue }
            if let spans = resolveSpans(block["text"]) { fields["text"] = spans }
            if let spans = resolveSpans(block["truncation"]["token"]), var truncation = fields["truncation"]?.objectValue {
                truncation["token"] = spans
                fields["truncation"] = .object(truncation)
            }
            resolved.append(.object(fields))
        }
        object["blocks"] = .array(resolved)
        return .object(object)
    }

    /// A span array with its key spans shown as text; `nil` when there is nothing to change.
    private func resolveSpans(_ node: JSONNode) -> JSONValue? {
        guard let items = node.value?.arrayValue,
              items.contains(where: { item in Self.spanKeys.contains { item[$0] != nil } }) else { return nil }
        return .array(items.indices.map { resolveSpan(node[$0]) })
    }

    private func resolveSpan(_ span: JSONNode) -> JSONValue {
        guard var fields = span.value?.objectValue, Self.spanKeys.contains(where: { fields[$0] != nil }) else { return span.value ?? .null }
        for key in Self.spanKeys { fields[key] = nil }
        guard span["key"].isPresent else {
            for key in ["arguments", "table"] where span[key].isPresent { span[key].problem("applies only to key spans (\"key\": a localized string)") }
            return .object(fields)
        }
        let kinds = ["text", "image", "tag"].filter { fields[$0] != nil }
        if !kinds.isEmpty {
            span.problem("has key and \(kinds.joined(separator: " and ")); give exactly one of text, image, tag or key")
            return .object(fields)
        }
        guard let key = span["key"].string(required: true) else { return .object(fields.merging(["text": .string("")]) { a, _ in a }) }
        fields["text"] = .string(key)
        if key.isEmpty { span["key"].problem("a key cannot be empty") }
        let table = span["table"].string()
        var arguments: [LocalizedArgument] = []
        var argumentsOK = true
        if let nodes = span["arguments"].array() {
            if nodes.count > FormatString.maximumArgument {
                span["arguments"].problem("has \(nodes.count) arguments; at most \(FormatString.maximumArgument)")
                argumentsOK = false
            }
            for node in nodes.prefix(FormatString.maximumArgument) {
                if let argument = Self.argument(node) { arguments.append(argument) } else { argumentsOK = false }
            }
        } else if span["arguments"].isPresent {
            argumentsOK = false
        }
        guard let bundle else {
            if tablesFailed { return .object(fields) }
            span["key"].problem("needs the scene's \"strings\" (a String Catalog .xcstrings or .strings table) to look the key up")
            return .object(fields)
        }
        guard !key.isEmpty, argumentsOK, span["table"].isPresent == (table != nil) else { return .object(fields) }
        do {
            fields["text"] = .string(try bundle.localizedString(forKey: key, table: table, arguments: arguments))
        } catch {
            let target: JSONNode = switch error.subject {
            case .key: table != nil && error.description.contains("no table") ? span["table"] : span["key"]
            case .arguments: span["arguments"]
            case .argument(let index): span["arguments"][index]
            }
            for message in error.messages { target.problem(message) }
        }
        return .object(fields)
    }

    /// One argument: a number, a string, or `{"date": ISO-8601, "style"?: date|time|dateTime, "timeZone"?: id}`.
    static func argument(_ node: JSONNode) -> LocalizedArgument? {
        switch node.value {
        case .number(let n)?:
            guard n.isFinite else { return node.mismatch("a finite number") }
            return .number(n)
        case .string(let s)?:
            return .string(s)
        case .object?:
            guard node.object(known: ["date", "style", "timeZone"]) != nil, let text = node["date"].string(required: true) else { return nil }
            guard let date = Self.date(text) else {
                node["date"].problem("\"\(text)\" is not an ISO 8601 date (2024-06-03 or 2024-06-03T09:41:00Z)")
                return nil
            }
            let style = node["style"].choice([("date", Text.DateStyle.date), ("time", .time), ("dateTime", .dateTime)]) ?? .date
            var zone = LocalizedFormatter.defaultTimeZone
            if let name = node["timeZone"].string() {
                guard let named = TimeZone(identifier: name) else {
                    node["timeZone"].problem("\"\(name)\" is not a time zone (use an IANA name such as Europe/Berlin, or UTC)")
                    return nil
                }
                zone = named
            }
            if node["style"].isPresent, node["style"].value?.stringValue.flatMap({ ["date", "time", "dateTime"].contains($0) ? $0 : nil }) == nil {
                return nil
            }
            return .date(date, style: style, timeZone: zone)
        default:
            return node.mismatch("a number, a string or {\"date\": …}")
        }
    }

    /// An ISO 8601 date with or without a time (`2024-06-03`, `2024-06-03T09:41:00Z`, `…+02:00`).
    static func date(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if text.count == 10, let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }
}
