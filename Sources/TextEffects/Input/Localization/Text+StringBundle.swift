import Foundation

extension Text {
    /// The text for `key` from `bundle`'s tables in its language (`bundle.localized(for: "de")`),
    /// as SwiftUI's `Text(_:tableName:bundle:)`: plural forms by the language's rules, numbers
    /// and dates formatted for it. A key no table has shows as written, its arguments in place.
    package init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: StringBundle) {
        if let text = try? bundle.localizedString(forKey: key.key, table: tableName, arguments: key.arguments) {
            self.init(text)
        } else if key.arguments.isEmpty {
            self.init(key.key)
        } else {
            let shown = try? LocalizedFormatter(language: bundle.language).format(LocalizedValue(format: key.key), arguments: key.arguments)
            self.init(shown ?? key.key)
        }
    }
}
