extension Text {
    /// Pango markup (`<b>`, `<span foreground="red">` …); throws Pango's message when invalid.
    package init(markup: String) throws(MarkupError) {
        self.init(spans: try PangoMarkupParser.spans(from: markup))
    }
}
