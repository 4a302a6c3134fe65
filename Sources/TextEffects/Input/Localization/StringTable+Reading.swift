import Foundation

extension StringTable {
    /// Reads a String Catalog (`.xcstrings`); problems name `displayName` and, for JSON syntax,
    /// the line and column.
    public init(catalogAt url: URL, displayName: String? = nil) throws(LocalizationError) {
        try self.init(catalogAt: url.path, assets: AssetRoot(policy: AssetPolicy(allowsAnyPath: true), baseDirectory: nil),
                      displayName: displayName ?? url.lastPathComponent)
    }

    /// Reads the String Catalog at `path`, a path a scene names, through its asset root.
    init(catalogAt path: String, assets: AssetRoot, displayName file: String) throws(LocalizationError) {
        let data: Data
        do { data = try assets.read(path, limit: Self.maximumFileSize) } catch {
            throw LocalizationError.unreadable(file: file, reason: error.reason)
        }
        try self.init(catalogData: data, name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, file: file)
    }

    /// Reads String Catalog JSON.
    public init(catalogData data: Data, name: String, file: String) throws(LocalizationError) {
        guard data.count <= Self.maximumFileSize else {
            throw LocalizationError.tooLarge(file: file, limit: Self.maximumFileSize)
        }
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch {
            throw LocalizationError.invalidJSON(file: file, reason: Self.jsonReason(error, data: data))
        }
        var problems: [LocalizationError] = []
        func problem(_ path: String, _ message: String) { problems.append(.catalogEntry(file: file, path: path, problem: message)) }
        guard let root = json.objectValue else { throw LocalizationError.notACatalog(file: file, found: json.typeName) }
        var sourceLanguage = "en"
        if let value = root["sourceLanguage"] {
            if let language = value.stringValue, !language.isEmpty { sourceLanguage = language }
            else { problem("sourceLanguage", "expected a language tag, found \(value.typeName) \(value)") }
        } else {
            problem("sourceLanguage", "is required")
        }
        var strings: [String: [String: LocalizedValue]] = [:]
        switch root["strings"] {
        case .object(let entries)?:
            for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
                let path = "strings.\(Self.quoted(key))"
                guard let entry = entry.objectValue else { problem(path, "expected an object, found \(entry.typeName)"); continue }
                var languages: [String: LocalizedValue] = [:]
                if let localizations = entry["localizations"] {
                    guard let object = localizations.objectValue else {
                        problem("\(path).localizations", "expected an object of languages, found \(localizations.typeName)")
                        continue
                    }
                    for (language, json) in object.sorted(by: { $0.key < $1.key }) {
                        if let value = Self.readValue(json, path: "\(path).localizations.\(language)", problem: problem) {
                            languages[language] = value
                        }
                    }
                }
                strings[key] = languages
            }
        case nil: problem("strings", "is required")
        case let other?: problem("strings", "expected an object of keys, found \(other.typeName)")
        }
        guard problems.isEmpty else { throw LocalizationError.all(problems) }
        self.init(name: name, sourceLanguage: sourceLanguage, strings: strings, keysAreSourceText: true, file: file)
    }

    /// One `localizations.<language>` (or variation form) object.
    private static func readValue(_ json: JSONValue, path: String, problem: (String, String) -> Void, depth: Int = 0) -> LocalizedValue? {
        guard depth < 4 else { problem(path, "variations nest too deep"); return nil }
        guard let object = json.objectValue else { problem(path, "expected an object, found \(json.typeName)"); return nil }
        var value = LocalizedValue()
        if let unit = object["stringUnit"] {
            if let text = unit["value"]?.stringValue { value.format = text }
            else { problem("\(path).stringUnit.value", unit["value"] == nil ? "is required" : "expected a string") }
        }
        if let variations = object["variations"] {
            guard let kinds = variations.objectValue else {
                problem("\(path).variations", "expected an object, found \(variations.typeName)")
                return nil
            }
            for (kind, forms) in kinds.sorted(by: { $0.key < $1.key }) {
                guard let forms = forms.objectValue else { problem("\(path).variations.\(kind)", "expected an object of forms"); continue }
                switch kind {
                case "plural":
                    for (name, form) in forms.sorted(by: { $0.key < $1.key }) {
                        guard let category = PluralCategory(rawValue: name) else {
                            problem("\(path).variations.plural.\(name)", "is not a plural category (zero, one, two, few, many, other)")
                            continue
                        }
                        value.plural[category] = readValue(form, path: "\(path).variations.plural.\(name)", problem: problem, depth: depth + 1)
                    }
                    if !forms.isEmpty, forms["other"] == nil { problem("\(path).variations.plural", "needs an \"other\" form") }
                case "device":
                    for (name, form) in forms.sorted(by: { $0.key < $1.key }) {
                        value.device[name] = readValue(form, path: "\(path).variations.device.\(name)", problem: problem, depth: depth + 1)
                    }
                default:
                    problem("\(path).variations.\(kind)", "is not a variation this renderer knows (plural, device)")
                }
            }
        }
        if let substitutions = object["substitutions"] {
            guard let entries = substitutions.objectValue else {
                problem("\(path).substitutions", "expected an object, found \(substitutions.typeName)")
                return nil
            }
            for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
                let subPath = "\(path).substitutions.\(name)"
                var argument: Int?
                if let number = entry["argNum"] {
                    if let n = number.doubleValue, n == n.rounded(), n >= 1, n <= Double(FormatString.maximumArgument) { argument = Int(n) }
                    else { problem("\(subPath).argNum", "expected an argument number from 1 to \(FormatString.maximumArgument)") }
                }
                let specifier = entry["formatSpecifier"]?.stringValue ?? "lld"
                var plural: [PluralCategory: LocalizedValue] = [:]
                if let forms = entry["variations"]?["plural"]?.objectValue {
                    for (name, form) in forms.sorted(by: { $0.key < $1.key }) {
                        guard let category = PluralCategory(rawValue: name) else {
                            problem("\(subPath).variations.plural.\(name)", "is not a plural category (zero, one, two, few, many, other)")
                            continue
                        }
                        plural[category] = readValue(form, path: "\(subPath).variations.plural.\(name)", problem: problem, depth: depth + 1)
                    }
                    if forms["other"] == nil { problem("\(subPath).variations.plural", "needs an \"other\" form") }
                } else {
                    problem("\(subPath).variations.plural", "is required (a substitution's plural forms)")
                }
                value.substitutions[name] = LocalizedValue.Substitution(argument: argument, formatSpecifier: specifier, plural: plural)
            }
        }
        if value.format == nil, value.plural.isEmpty, value.device.isEmpty {
            problem(path, "has no stringUnit or variations")
            return nil
        }
        return value
    }

    /// Reads `<language>.lproj/<name>.strings` from every language folder in `directory`.
    public init(stringsNamed name: String, in directory: URL, displayName: String) throws(LocalizationError) {
        try self.init(stringsNamed: name, inFolder: directory.path,
                      assets: AssetRoot(policy: AssetPolicy(allowsAnyPath: true), baseDirectory: nil), displayName: displayName)
    }

    /// Reads `<language>.lproj/<name>.strings` from every language folder in `folder`, a path a
    /// scene names, through its asset root.
    init(stringsNamed name: String, inFolder folder: String, assets: AssetRoot, displayName: String) throws(LocalizationError) {
        let directory = AssetRoot.lookedUpPath(folder, relativeTo: URL(fileURLWithPath: assets.base, isDirectory: true))
        let folders: [String]
        do { folders = try assets.folderEntries(folder).filter { $0.hasSuffix(".lproj") } } catch {
            if error.kind == .outside { throw LocalizationError.unreadable(file: displayName, reason: error.reason) }
            folders = []
        }
        var strings: [String: [String: LocalizedValue]] = [:]
        var languages: [String] = []
        var problems: [LocalizationError] = []
        for languageFolder in folders {
            let language = String(languageFolder.dropLast(".lproj".count))
            let shown = (displayName as NSString).deletingLastPathComponent.isEmpty
                ? "\(languageFolder)/\(name).strings" : "\((displayName as NSString).deletingLastPathComponent)/\(languageFolder)/\(name).strings"
            let data: Data
            do { data = try assets.read("\(folder)/\(languageFolder)/\(name).strings", limit: Self.maximumFileSize) } catch {
                if error.kind == .missing { continue }
                problems.append(.unreadable(file: shown, reason: error.reason))
                continue
            }
            do {
                for (key, text) in try Self.readStrings(data, file: shown) {
                    strings[key, default: [:]][language] = LocalizedValue(format: text)
                }
                languages.append(language)
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw LocalizationError.all(problems) }
        guard !languages.isEmpty else {
            throw LocalizationError.noStringsFiles(file: displayName, name: name, folder: directory)
        }
        // Base.lproj holds the development language's strings.
        let source = languages.contains("Base") ? "Base" : languages.contains("en") ? "en" : languages[0]
        self.init(name: name, sourceLanguage: source, strings: strings, keysAreSourceText: false, file: displayName)
    }

    /// One `.strings` file (UTF-8 or UTF-16, `"key" = "value";` with comments), through
    /// Foundation's property-list reader.
    static func readStrings(_ data: Data, file: String) throws(LocalizationError) -> [String: String] {
        guard data.count <= maximumFileSize else { throw LocalizationError.tooLarge(file: file, limit: maximumFileSize) }
        if data.isEmpty || String(decoding: data, as: UTF8.self).allSatisfy(\.isWhitespace) { return [:] }
        let parsed: Any
        do {
            parsed = try QuietStandardError.run { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        } catch {
            let nsError = error as NSError
            let nested = (nsError.userInfo["kCFPropertyListOldStyleParsingError"] as? any Error).map { $0 as NSError }
            let detail = nested?.userInfo[NSDebugDescriptionErrorKey] as? String
                ?? nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            throw LocalizationError.notAStringsTable(file: file, detail: detail)
        }
        guard let table = parsed as? [AnyHashable: Any] else { throw LocalizationError.notAStringsTable(file: file, detail: "\"key\" = \"value\"; lines") }
        var strings: [String: String] = [:]
        for (key, value) in table {
            guard let key = key as? String, let value = value as? String else {
                throw LocalizationError.notAPair(file: file, key: "\(key)")
            }
            strings[key] = value
        }
        return strings
    }

    /// Catalogs and tables larger than this are refused (a real one is well under a megabyte).
    public static let maximumFileSize = 64_000_000

    static func quoted(_ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? key : "\"\(key)\""
    }

    /// Foundation's message for a JSON syntax error, with the line and column of where it stopped.
    /// Why a table is not JSON, with the line and column when the parser gave a place.
    static func jsonReason(_ error: Error, data: Data) -> String {
        if let syntax = error as? JSONSyntaxError { return "at \(syntax)" }
        let nsError = error as NSError
        return nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
    }
}
