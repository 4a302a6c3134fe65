import Foundation

/// The string tables a scene (or Swift code) shows text from, and the language it shows:
/// what `Bundle` is to SwiftUI's `Text(_:tableName:bundle:)`, for String Catalogs and
/// `.strings` tables read from files on any platform.
package struct StringBundle: Hashable, Sendable {
    /// The tables, searched in this order when a key names no table.
    public var tables: [StringTable]
    /// The language strings are shown in (a BCP 47 tag such as `de` or `pt-BR`).
    public private(set) var language: String

    /// Tables in their source language (the first table's).
    public init(tables: [StringTable]) {
        self.tables = tables
        language = tables.first?.sourceLanguage ?? "en"
    }

    /// Reads String Catalogs (`.xcstrings`) and `.strings` tables: `X.strings` stands for every
    /// `<language>.lproj/X.strings` in its folder.
    public init(contentsOf urls: [URL]) throws(LocalizationError) {
        var tables: [StringTable] = []
        var problems: [LocalizationError] = []
        for url in urls {
            do { tables.append(try Self.table(at: url, displayName: url.lastPathComponent)) } catch { problems.append(error) }
        }
        guard problems.isEmpty else { throw LocalizationError.all(problems) }
        self.init(tables: tables)
    }

    /// One table file: a catalog, or the `.strings` files of that name in language folders.
    public static func table(at url: URL, displayName: String) throws(LocalizationError) -> StringTable {
        try table(at: url.path, assets: AssetRoot(policy: AssetPolicy(allowsAnyPath: true), baseDirectory: nil), displayName: displayName)
    }

    /// One table file a scene names, read through its asset root.
    static func table(at path: String, assets: AssetRoot, displayName: String) throws(LocalizationError) -> StringTable {
        let file = (path as NSString).lastPathComponent
        switch (file as NSString).pathExtension {
        case "xcstrings": return try StringTable(catalogAt: path, assets: assets, displayName: displayName)
        case "strings":
            let folder = (path as NSString).deletingLastPathComponent
            return try StringTable(stringsNamed: (file as NSString).deletingPathExtension, inFolder: folder.isEmpty ? "." : folder,
                                   assets: assets, displayName: displayName)
        default:
            throw LocalizationError.notATableFile(file: displayName)
        }
    }

    /// The source language: the first table's.
    public var sourceLanguage: String { tables.first?.sourceLanguage ?? "en" }

    /// Every language any table has, sorted.
    public var languages: [String] {
        Set(tables.flatMap(\.languages)).sorted()
    }

    /// The same tables shown in `language`, which must be one of `languages`.
    public func localized(for language: String) throws(LocalizationError) -> StringBundle {
        guard languages.contains(language) else {
            throw LocalizationError.unknownLanguage(language, files: tables.map(\.file), languages: languages)
        }
        var copy = self
        copy.language = language
        return copy
    }

    /// The text for `key` from `table` (or the first table that has the key), with its
    /// arguments shown for `language`: plural forms by CLDR rules, numbers and dates formatted
    /// for the locale. Throws when the key is in no table, the arguments do not match the
    /// conversions, or a format string is malformed.
    public func localizedString(forKey key: String, table: String? = nil, arguments: [LocalizedArgument] = []) throws(LocalizationError) -> String {
        let (value, used, source) = try lookUp(key, table: table)
        if arguments.isEmpty, value.plural.isEmpty, value.device.isEmpty, let text = value.format,
           (try? FormatString(parsing: text)) == nil {
            // No arguments and no conversions: shown as written ("100%"), as Foundation does.
            return text
        }
        let formatter = LocalizedFormatter(language: language)
        try check(value, key: key, language: used, source: source, arguments: arguments, formatter: formatter)
        do { return try formatter.format(value, arguments: arguments) } catch {
            throw LocalizationError.inString(label: "\"\(key)\" (\(language))", error)
        }
    }

    private func lookUp(_ key: String, table name: String?) throws(LocalizationError) -> (LocalizedValue, String, LocalizedValue?) {
        var candidates = tables
        if let name {
            candidates = tables.filter { $0.name == name }
            if candidates.isEmpty {
                throw LocalizationError.noTable(name, tables: tables.map(\.name))
            }
        }
        for table in candidates {
            if let (value, used) = table.value(forKey: key, language: language) {
                return (value, used, table.value(forKey: key, language: table.sourceLanguage)?.value)
            }
        }
        // In no language, the source one included (a key with only some translations falls back).
        throw LocalizationError.unknownKey(key, files: candidates.map(\.file))
    }

    /// Argument count and types against every conversion the string uses in this language.
    private func check(_ value: LocalizedValue, key: String, language used: String, source: LocalizedValue?,
                       arguments: [LocalizedArgument], formatter: LocalizedFormatter) throws(LocalizationError) {
        let label = used == language ? "\"\(key)\" (\(language))" : "\"\(key)\" (\(language), shown in \(used))"
        let conversions: [Int: [FormatSpecifier]]
        do { conversions = try formatter.conversions(of: value) } catch { throw LocalizationError.inString(label: label, error) }
        let needed = conversions.keys.max() ?? 0
        // A translation may leave an argument out; the source language's count is the contract.
        let allowed = max(needed, source.flatMap { try? formatter.conversions(of: $0).keys.max() } ?? 0)
        if arguments.count < needed || arguments.count > allowed {
            let list = (1...max(1, needed)).compactMap { conversions[$0]?.first?.text }
            throw LocalizationError.argumentCount(label: label, needed: needed, allowed: allowed, conversions: list, found: arguments.count)
        }
        var problems: [LocalizationError] = []
        for (index, argument) in arguments.enumerated() {
            for specifier in conversions[index + 1] ?? [] {
                if let message = LocalizedFormatter.mismatch(specifier, argument) {
                    problems.append(.argumentMismatch(label: label, index: index, problem: message))
                    break
                }
            }
        }
        if !problems.isEmpty { throw LocalizationError.all(problems) }
    }
}
