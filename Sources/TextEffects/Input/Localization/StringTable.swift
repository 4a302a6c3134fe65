import Foundation

/// One string table in every language it has: a String Catalog (`Localizable.xcstrings`, the
/// JSON file Xcode writes) or a set of `.strings` files, one per language
/// (`de.lproj/Localizable.strings`).
package struct StringTable: Hashable, Sendable {
    /// The table's name, as `Text(_:tableName:bundle:)` takes it: the file name without extension.
    public var name: String
    /// The language keys fall back to (a catalog's `sourceLanguage`; `en` for `.strings` tables,
    /// or their `Base.lproj`).
    public var sourceLanguage: String
    /// key → language → text.
    public var strings: [String: [String: LocalizedValue]]
    /// Keys that have no text in the source language show as written (a catalog's keys are
    /// usually the source text itself, as SwiftUI extracts `Text("\(n) items")`).
    public var keysAreSourceText: Bool
    /// The file it was read from, as named in messages.
    public var file: String

    public init(name: String, sourceLanguage: String, strings: [String: [String: LocalizedValue]],
                keysAreSourceText: Bool = true, file: String = "") {
        self.name = name
        self.sourceLanguage = sourceLanguage
        self.strings = strings
        self.keysAreSourceText = keysAreSourceText
        self.file = file
    }

    /// Every language with at least one string, and the source language, sorted.
    public var languages: [String] {
        var set: Set<String> = [sourceLanguage]
        for languages in strings.values { set.formUnion(languages.keys) }
        return set.sorted()
    }

    /// The text for `key` in `language`, falling back as Apple platforms do: the language
    /// itself, then its base language (`pt-BR` → `pt`), then the source language, then (in a
    /// catalog) the key as written. `nil` when the table has no such key.
    public func value(forKey key: String, language: String) -> (value: LocalizedValue, language: String)? {
        guard let languages = strings[key] else { return nil }
        var candidates = [language]
        var tag = language
        while let dash = tag.lastIndex(of: "-") {
            tag = String(tag[..<dash])
            candidates.append(tag)
        }
        candidates.append(sourceLanguage)
        for candidate in candidates {
            if let value = languages[candidate] { return (value, candidate) }
        }
        return keysAreSourceText ? (LocalizedValue(format: key), sourceLanguage) : nil
    }
}
