/// Builds one `Text` from the texts, strings and images listed in a closure, joined in order:
///
/// ```swift
/// Text {
///     Text(logo)
///     " Fresh "
///     Text("deals").bold()
///     if isNew { Text(tag: "NEW") }
/// }
/// ```
@resultBuilder
package enum TextBuilder {
    public static func buildExpression(_ text: Text) -> Text { text }
    public static func buildExpression(_ string: String) -> Text { Text(string) }
    public static func buildExpression(_ image: Image) -> Text { Text(image) }
    public static func buildBlock(_ parts: Text...) -> Text { join(parts) }
    public static func buildOptional(_ part: Text?) -> Text { part ?? Text(spans: []) }
    public static func buildEither(first: Text) -> Text { first }
    public static func buildEither(second: Text) -> Text { second }
    public static func buildArray(_ parts: [Text]) -> Text { join(parts) }

    private static func join(_ parts: [Text]) -> Text {
        Text(spans: parts.flatMap(\.spans))
    }
}
