import Foundation

extension Text: ExpressibleByStringInterpolation {
    /// A literal with no interpolations: the text as written.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(spans: stringInterpolation.spans)
    }

    /// Builds a `Text` from a string literal with interpolated texts (keeping their styles),
    /// images, dates and `FormatStyle` values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var spans: [Span] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            // Plain pieces next to each other are one span, as if written as one string.
            if let last = spans.last, last == Span(last.text), case .text(let previous) = last.content {
                spans[spans.count - 1] = Span(previous + literal)
            } else {
                spans.append(Span(literal))
            }
        }

        /// A styled text, spans and all.
        public mutating func appendInterpolation(_ text: Text) {
            spans += text.spans
        }

        /// Characters, shown as written.
        public mutating func appendInterpolation(_ string: String) {
            appendLiteral(string)
        }

        /// Any other value, as its `description` (numbers unformatted: use `format:` for a locale's digits).
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            appendLiteral(value.description)
        }

        /// An inline image, as tall as the font, as SwiftUI's `Text("Rate \(Image(systemName: "star"))")`;
        /// a symbol in the text's colour.
        public mutating func appendInterpolation(_ image: Image) {
            appendInterpolation(image, height: .font)
        }

        /// An inline image `height` tall, copied as `alt`.
        package mutating func appendInterpolation(_ image: Image, height: InlineImageHeight, alt: String? = nil) {
            spans += Text(image, height: height, alt: alt).spans
        }

        /// A value formatted by a Foundation `FormatStyle`.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
            appendLiteral(format.format(value))
        }

        /// A date in one of SwiftUI's date styles, in an explicit locale and time zone.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle, locale: Locale = .autoupdatingCurrent,
                                                 timeZone: TimeZone = .autoupdatingCurrent) {
            appendLiteral(style.format(date, locale: locale, timeZone: timeZone))
        }
    }
}
