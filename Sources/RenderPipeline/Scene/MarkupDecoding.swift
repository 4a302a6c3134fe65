/// Reading a block's `markup` field.
extension JSONNode {
    /// Pango markup as spans; invalid markup is reported here with Pango's message.
    func markupSpans(baseStyle: Style) -> [Span]? {
        guard let markup = string() else { return nil }
        do {
            return try PangoMarkupParser.spans(from: markup, baseStyle: baseStyle)
        } catch {
            problem(error.message)
            return nil
        }
    }
}
