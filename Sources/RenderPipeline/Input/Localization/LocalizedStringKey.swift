import Foundation

/// The key of a string to show, as SwiftUI's `LocalizedStringKey`: what `Text("…")` takes in
/// SwiftUI, for code that names the type (`Text(LocalizedStringKey(title))`, a
/// `LocalizedStringKey` parameter, an interpolation built piece by piece).
///
/// As in SwiftUI an interpolation makes a format key, the one Xcode extracts into a String
/// Catalog: `"\(count) items"` is the key `"%lld items"` with the argument `count` (`%lf` for
/// other numbers, `%@` for strings, dates, texts, images and other values). It also keeps the
/// text as written, values in place and interpolated `Text`s and images with their styles,
/// which is what shows when no table has the key. Markdown in a key is shown as written
/// (SwiftUI parses it): `Text(markdown:)` renders Markdown.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The key, with a conversion (`%lld`, `%lf`, `%@`) where each value was interpolated.
    package var key: String
    /// The interpolated values, in order.
    package var arguments: [LocalizedArgument]
    /// The text as written, with its interpolated values, texts and images in place.
    let text: Text

    public init(_ value: String) {
        key = value
        arguments = []
        text = Text(verbatim: value)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        text = Text(stringInterpolation: stringInterpolation.text)
    }

    /// Builds a key and its text from a literal with interpolated values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [LocalizedArgument] = []
        var text: Text.StringInterpolation

        public init(literalCapacity: Int, interpolationCount: Int) {
            text = Text.StringInterpolation(literalCapacity: literalCapacity, interpolationCount: interpolationCount)
        }

        /// Literal text; a percent sign is written `%%` in the key, as Xcode writes it.
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
            text.appendLiteral(literal)
        }

        /// A whole number: `%lld`.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            append("%lld", .number(Double(value)), shown: String(value))
        }

        /// A number with a fraction: `%lf`.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
            append("%lf", .number(Double(value)), shown: "\(Double(value))")
        }

        /// Characters: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            append("%@", .string(value), shown: value)
        }

        /// Any other value, as its `description`: `%@`.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            append("%@", .string(value.description), shown: value.description)
        }

        /// A styled text: `%@`, its spans kept in the text as written.
        public mutating func appendInterpolation(_ value: Text) {
            key += "%@"
            arguments.append(.string(value.richText().plainText))
            text.appendInterpolation(value)
        }

        /// An inline image: `%@`.
        public mutating func appendInterpolation(_ image: Image) {
            key += "%@"
            arguments.append(.string(""))
            text.appendInterpolation(image)
        }

        /// A date in one of SwiftUI's date styles: `%@`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle,
                                                 timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
            key += "%@"
            arguments.append(.date(date, style: style, timeZone: timeZone))
            text.appendInterpolation(date, style: style, timeZone: timeZone)
        }

        private mutating func append(_ conversion: String, _ argument: LocalizedArgument, shown: String) {
            key += conversion
            arguments.append(argument)
            text.appendLiteral(shown)
        }
    }
}

extension Text {
    /// The string `key` stands for in `bundle`'s table `tableName` (the main bundle's
    /// `Localizable` by default; `Localizable.strings` in its `.lproj` folders), as SwiftUI's
    /// `Text(_:tableName:bundle:comment:)`. A key without interpolations that no table has, and
    /// every key with interpolations, shows as written. (Scenes localize through their String
    /// Catalogs, with plural rules and formatted arguments.)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        guard key.arguments.isEmpty else {
            self = key.text
            return
        }
        self.init(verbatim: (bundle ?? .main).localizedString(forKey: key.key, value: key.key, table: tableName))
    }
}
