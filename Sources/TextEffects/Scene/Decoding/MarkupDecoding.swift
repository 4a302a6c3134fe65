/// Reading a block's `markup` field.
extension JSONNode {
    /// Pango markup as spans; invalid markup is reported here with Pango's message.
    func markupSpans(baseStyle: Style) -> [Span]? {
        guard let markup = string() else { return nil }
        do {
            let spans = try PangoMarkupParser.spans(from: markup, baseStyle: baseStyle)
            // Markup can name any size; hold it to the limits the JSON fields have.
            for span in spans {
                if let size = span.style.font?.size, !(1...2000).contains(size) {
                    problem("a font size of \(JSONNode.format(size)) in the markup is out of range (1–2000)")
                    return nil
                }
                if let rise = span.style.baselineOffset, abs(rise) > 10_000 {
                    problem("a rise of \(JSONNode.format(rise)) in the markup is out of range (−10000–10000)")
                    return nil
                }
                if let spacing = span.style.kerning, abs(spacing) > 1000 {
                    problem("a letter spacing of \(JSONNode.format(spacing)) in the markup is out of range (−1000–1000)")
                    return nil
                }
            }
            // A family named in the markup (`face`, `font`) is asked for at the markup.
            var named: Set<String> = []
            for span in spans {
                if let family = span.style.font?.family, named.insert(family).inserted { problems.noteFontFamily(family, at: path) }
            }
            return spans
        } catch {
            problem(error.message)
            return nil
        }
    }
}
