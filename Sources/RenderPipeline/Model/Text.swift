/// Rich text built the way SwiftUI builds it: `Text("Total: ").bold() + Text("42").foregroundColor(.red)`.
///
/// Modifiers apply to every span that does not already set the same property, so an inner
/// modifier wins over an outer one, as in SwiftUI.
public struct Text: Hashable, Sendable {
    public private(set) var spans: [Span]

    /// Text shown as written.
    public init(_ content: String) {
        spans = [Span(content)]
    }

    public init(verbatim content: String) {
        self.init(content)
    }

    public init(spans: [Span]) {
        self.spans = spans
    }

    /// The rich text this builds, on a base style.
    public func richText(baseStyle: Style = Style()) -> RichText {
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

    public func font(_ font: FontDescriptor) -> Text { applying(Style(font: font)) }
    public func fontWeight(_ weight: FontWeight) -> Text { applying(Style(font: FontDescriptor(weight: weight))) }
    public func bold(_ isActive: Bool = true) -> Text { applying(Style(bold: isActive)) }
    public func italic(_ isActive: Bool = true) -> Text { applying(Style(italic: isActive)) }
    public func monospaced(_ isActive: Bool = true) -> Text { applying(Style(font: FontDescriptor(monospaced: isActive))) }
    public func foregroundColor(_ color: Color) -> Text { applying(Style(color: .color(color))) }
    public func foregroundStyle(_ paint: Paint) -> Text { applying(Style(color: paint)) }
    public func kerning(_ points: Double) -> Text { applying(Style(kerning: points)) }
    public func tracking(_ points: Double) -> Text { kerning(points) }
    public func baselineOffset(_ points: Double) -> Text { applying(Style(baselineOffset: points)) }
    public func backgroundColor(_ color: Color) -> Text { applying(Style(backgroundColor: color)) }

    public func underline(_ isActive: Bool = true, pattern: DecorationPattern = .single, color: Color? = nil) -> Text {
        applying(Style(underline: isActive ? TextDecoration(pattern: pattern, color: color) : .none))
    }

    public func strikethrough(_ isActive: Bool = true, pattern: DecorationPattern = .single, color: Color? = nil) -> Text {
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
