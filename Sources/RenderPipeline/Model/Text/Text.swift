import Foundation

/// Rich text built the way SwiftUI builds it: `Text("Total: ").bold() + Text("42").foregroundColor(.red)`.
///
/// Modifiers apply to every span that does not already set the same property, so an inner
/// modifier wins over an outer one, as in SwiftUI. Images, tags, dates and formatted values
/// join in through `+`, string interpolation (`Text("Paid \(amount, format: .currency(code: "EUR"))")`)
/// or a `@TextBuilder` closure, and everything becomes the same `RichText` a scene builds.
public struct Text: Hashable, Sendable {
    package private(set) var spans: [Span]

    /// Text shown as written (never parsed as Markdown or markup).
    public init(_ content: String) {
        spans = [Span(content)]
    }

    /// Text built by string interpolation of texts, images, dates and formatted values.
    public init(_ text: Text) {
        self = text
    }

    /// The concatenation of the texts a `@TextBuilder` closure lists.
    public init(@TextBuilder _ content: () -> Text) {
        self = content()
    }

    /// An image inline in the text, as SwiftUI's `Text(_: Image)`: as tall as the font (it scales
    /// with Dynamic Type), its bottom on the baseline. A symbol image (`Image(systemName:)`) is
    /// drawn in the text's colour, sized with its font; an image that names nothing is no text.
    public init(_ image: Image) {
        self.init(image, height: .font)
    }

    /// An image inline in the text, `height` tall, copied as `alt`.
    package init(_ image: Image, height: InlineImageHeight, alt: String? = nil) {
        spans = [Span(inline: image, height: height, alt: alt)]
    }

    /// A tag: text in a rounded box that flows inline and never breaks across lines.
    package init(tag: InlineTag, alt: String? = nil) {
        spans = [Span(tag: tag, alt: alt)]
    }

    /// A tag with the given box fill, corner radius and padding.
    package init(tag text: String, background: Paint? = InlineTag.defaultBackground, cornerRadius: Double = 4,
                padding: CGSize = CGSize(width: 4, height: 1)) {
        self.init(tag: InlineTag(text, background: background, cornerRadius: cornerRadius, padding: padding))
    }

    /// A value formatted by a Foundation `FormatStyle`: numbers, currency, percentages, dates.
    /// Give the style a locale (`.locale(Locale(identifier: "de_DE"))`) for output that does not
    /// depend on the machine.
    public init<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
        spans = [Span(format.format(value))]
    }

    /// A date in one of SwiftUI's styles, in an explicit locale and time zone.
    public init(_ date: Date, style: DateStyle, locale: Locale = .autoupdatingCurrent,
                timeZone: TimeZone = .autoupdatingCurrent) {
        spans = [Span(style.format(date, locale: locale, timeZone: timeZone))]
    }

    public init(verbatim content: String) {
        self.init(content)
    }

    package init(spans: [Span]) {
        self.spans = spans
    }

    /// The rich text this builds, on a base style.
    package func richText(baseStyle: Style = Style()) -> RichText {
        RichText(spans: spans, baseStyle: baseStyle)
    }

    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(spans: lhs.spans + rhs.spans)
    }

    private func applying(_ outer: Style) -> Text {
        Text(spans: spans.map { span in
            var span = span
            span.style = outer.overridden(by: span.style)
            return span
        })
    }

    /// Sets the font of every span that has none yet, as SwiftUI's `font(_:)`; `nil` leaves
    /// the text in the font around it. `bold()`, `fontWeight(_:)` and the other font modifiers
    /// still apply over it, in whichever order they come.
    public func font(_ font: Font?) -> Text {
        guard let font else { return self }
        return applying(Style(font: font.descriptor))
    }

    /// Sets the weight of the text's font; `nil` leaves it as the font has it.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        guard let weight else { return self }
        return applying(Style(fontModifiers: FontDescriptor(weight: weight)))
    }

    /// Sets the design of the system font (serif, monospaced…); a font chosen by family name keeps its family.
    public func fontDesign(_ design: Font.Design?) -> Text {
        guard let design else { return self }
        return applying(Style(fontModifiers: FontDescriptor(design: design)))
    }

    /// Sets the width of the text's font (condensed, expanded…); see `Font.Width`.
    public func fontWidth(_ width: Font.Width?) -> Text {
        guard let width else { return self }
        return applying(Style(fontModifiers: FontDescriptor(width: width)))
    }

    /// Draws the text in bold (at least `.bold`: a heavier font stays heavier).
    public func bold(_ isActive: Bool = true) -> Text { applying(Style(bold: isActive)) }
    /// Draws the text in its font's italic face.
    public func italic(_ isActive: Bool = true) -> Text { applying(Style(italic: isActive)) }
    /// Draws the text in the fixed-width font.
    public func monospaced(_ isActive: Bool = true) -> Text { applying(Style(fontModifiers: FontDescriptor(monospaced: isActive))) }
    /// Figures of equal width (OpenType `tnum`), for prices, timers and tables, as SwiftUI's `monospacedDigit()`.
    public func monospacedDigit() -> Text { applying(Style(fontModifiers: FontDescriptor(features: ["tnum": 1]))) }
    public func foregroundColor(_ color: Color) -> Text { applying(Style(color: .color(color))) }
    package func foregroundStyle(_ paint: Paint) -> Text { applying(Style(color: paint)) }
    /// The text's colour or gradient, as SwiftUI's `foregroundStyle(_:)`: `.red`, `.secondary`,
    /// `.linearGradient(colors:startPoint:endPoint:)`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { applying(Style(color: style.paint)) }
    public func kerning(_ points: Double) -> Text { applying(Style(kerning: points)) }
    public func tracking(_ points: Double) -> Text { kerning(points) }
    public func baselineOffset(_ points: Double) -> Text { applying(Style(baselineOffset: points)) }
    public func backgroundColor(_ color: Color) -> Text { applying(Style(backgroundColor: color)) }

    /// An underline in any of the scene format's patterns (`double` and `wavy` too).
    package func underline(_ isActive: Bool = true, decoration pattern: DecorationPattern, color: Color? = nil) -> Text {
        applying(Style(underline: isActive ? TextDecoration(pattern: pattern, color: color) : .none))
    }

    /// A strikethrough in any of the scene format's patterns.
    package func strikethrough(_ isActive: Bool = true, decoration pattern: DecorationPattern, color: Color? = nil) -> Text {
        applying(Style(strikethrough: isActive ? TextDecoration(pattern: pattern, color: color) : .none))
    }

    /// Attaches a custom attribute to every span; an attribute a span already has is kept.
    public func customAttribute<T: TextAttribute>(_ value: T) -> Text {
        Text(spans: spans.map { span in
            var span = span
            if span[T.self] == nil { span.attributes.set(value) }
            return span
        })
    }

    /// The text images and tags stand for when the text is copied (their `alt`).
    public func accessibilityLabel(_ label: String) -> Text {
        Text(spans: spans.map { span in
            var span = span
            if span.isInlineBox, span.alt == nil { span.alt = label }
            return span
        })
    }

    /// Makes the text a link to `url`.
    public func link(_ url: String) -> Text {
        // One group for all the spans tagged here, so a link styled in parts is still one link.
        let group = LinkGroups.next()
        return Text(spans: spans.map { span in
            var span = span
            if span.link == nil {
                span.link = url
                span.linkGroup = group
            }
            return span
        })
    }
}

extension Span {
    subscript<T: TextAttribute>(type: T.Type) -> T? { attributes[type] }
}
