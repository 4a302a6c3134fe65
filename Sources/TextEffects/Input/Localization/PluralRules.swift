import CPluralRules
import Foundation

/// A language's CLDR plural rules: which of `one`, `few`, `many`, … a number takes, counting
/// the fraction digits it is shown with (`1` is `one` in English, `1.0` is `other`).
///
/// Foundation on Linux has no public API that picks plural categories (`String(localized:)`
/// and `.stringsdict` variants work on Apple platforms only), so this asks the system's ICU
/// (`uplrules_selectFormatted`), the library Apple's own plural rules come from.
package struct PluralRules: Hashable, Sendable {
    /// A BCP 47 language tag (`ru`, `pt-BR`, `zh-Hans`).
    public let locale: String

    public init(locale: String) {
        self.locale = locale
    }

    /// The category of `value` shown with `fractionDigits` digits after the point.
    public func category(of value: Double, fractionDigits: Int = 0) -> PluralCategory {
        guard value.isFinite else { return .other }
        var name = [CChar](repeating: 0, count: 16)
        let length = texteffects_plural_category(Self.icuLocale(locale), value, Int32(max(0, min(fractionDigits, 20))), &name, 16)
        guard length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)) ?? .other
    }

    /// The categories the language distinguishes (English: one, other; Japanese: other).
    public var categories: [PluralCategory] {
        var names = [CChar](repeating: 0, count: 64)
        let length = texteffects_plural_categories(Self.icuLocale(locale), &names, 64)
        guard length > 0 else { return [.other] }
        let list = String(decoding: names.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Set(list.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }).sorted()
    }

    /// ICU's locale id for a BCP 47 tag (`zh-Hans` → `zh_Hans`).
    static func icuLocale(_ tag: String) -> String {
        tag.replacingOccurrences(of: "-", with: "_")
    }
}
