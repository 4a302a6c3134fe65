extension GraphicsContext {
    /// Draws a document's decorations (boxes, bars, grids, rules, labels): what a scene draws
    /// below a Markdown block's text before its renderers draw the glyphs.
    public func drawDecorations(of layout: TextLayout) {
        for decoration in layout.decorations {
            let path = decoration.cornerRadius > 0
                ? Path(roundedRect: decoration.rect, cornerRadius: decoration.cornerRadius, style: .circular)
                : Path(decoration.rect)
            switch decoration.kind {
            case .fill(let color):
                fill(path, with: color)
            case .stroke(let color, let lineWidth):
                let inset = decoration.rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
                let edge = decoration.cornerRadius > 0
                    ? Path(roundedRect: inset, cornerRadius: Swift.max(0, decoration.cornerRadius - lineWidth / 2), style: .circular)
                    : Path(inset)
                stroke(edge, with: color, lineWidth: lineWidth)
            case .text(let label):
                var context = self
                context.translateBy(x: decoration.rect.minX, y: decoration.rect.minY)
                context.draw(label)
            }
        }
    }
}
