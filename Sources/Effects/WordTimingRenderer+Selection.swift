import TextEffects

extension WordTimingRenderer {
    /// Draws the selected segments by their words' times, together (a word cut into several
    /// runs still sweeps and pops as one), and the others as they are.
    func draw(segments: [(part: TextLayout, isSelected: Bool)], in context: inout GraphicsContext) {
        var selected: [TextLayout.Run] = []
        for (part, isSelected) in segments {
            if isSelected { selected += part.runs } else { context.draw(part) }
        }
        draw(runs: selected, in: &context)
    }
}
