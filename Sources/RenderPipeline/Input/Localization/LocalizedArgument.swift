import Foundation

/// A value interpolated into a localized string: what a span's `arguments` hold, and what
/// `LocalizedStringKey` interpolation records.
package enum LocalizedArgument: Hashable, Sendable, CustomStringConvertible {
    /// A number: `%lld` shows it with the locale's digits and grouping, `%.2f` with two
    /// decimals, and it chooses plural forms.
    case number(Double)
    /// Text, shown as written (`%@`).
    case string(String)
    /// A date in one of SwiftUI's date styles, in a time zone (`%@`).
    case date(Date, style: Text.DateStyle, timeZone: TimeZone)

    public var description: String {
        switch self {
        case .number(let n): JSONNode.format(n)
        case .string(let s): "\"\(s)\""
        case .date(let date, _, _): "the date \(date.formatted(.iso8601))"
        }
    }

    /// "a number", "a string", "a date", for messages.
    package var typeName: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .date: "a date"
        }
    }
}
