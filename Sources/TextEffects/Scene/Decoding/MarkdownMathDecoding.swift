extension JSONNode {
    /// Typesets the formulas of a Markdown text (one TeX run for those not cached) and returns a
    /// warning, with this node's path, for each that does not compile: it shows its source in
    /// the `mathError` colour, and the document still renders.
    func markdownMathWarnings(for markdown: MarkdownView) -> [String] {
        let formulas = MathFormula.all(in: markdown.document)
        guard !formulas.isEmpty else { return [] }
        let results = MathTypesetter.shared.typeset(formulas)
        return formulas.compactMap { formula in
            results[formula]?.failure.map { reason in
                // As written (a backslash is one backslash), on one line.
                let written = formula.written.replacingOccurrences(of: "\n", with: " ")
                let shown = written.count > 80 ? written.prefix(80) + "…" : written
                return "\(path): formula \"\(shown)\" is not typeset (\(reason)); its source is shown"
            }
        }
    }
}
