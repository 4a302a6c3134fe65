import Foundation

/// A key into string tables with its interpolated arguments, as SwiftUI's `LocalizedStringKey`:
/// `"\(count) items"` is the key `"%lld items"` with the argument `count`, the key Xcode
/// extracts into a String Catalog for `Text("\(count) items")`.
package struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The key, with a conversion (`%lld`, `%lf`, `%@`) where each value was interpolated.
    public var key: String
    public var arguments: [LocalizedArgument]

    public init(_ key: String) {
        self.key = key
        arguments = []
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [LocalizedArgument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Literal text; a percent sign is written `%%` in the key, as Xcode writes it.
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// A whole number: `%lld`.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            key += "%lld"
            arguments.append(.number(Double(value)))
        }

        /// A number with a fraction: `%lf`.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
            key += "%lf"
            arguments.append(.number(Double(value)))
        }

        /// Text: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            key += "%@"
            arguments.append(.string(value))
        }

        /// A date in one of SwiftUI's date styles: `%@`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
            key += "%@"
            arguments.append(.date(date, style: style, timeZone: timeZone))
        }
    }
}

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
