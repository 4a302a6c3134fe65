import Foundation

extension TextLayout {
    /// Something a document draws besides its glyphs: a code box, a quote's bar, a table's grid
    /// and stripes, a rule, a code block's language label. Drawn below the text, in order.
    public struct Decoration: Sendable {
        public enum Kind: Sendable {
            /// A filled (rounded) rectangle.
            case fill(Color)
            /// The outline of a (rounded) rectangle, inside its edges.
            case stroke(Color, lineWidth: Double)
            /// A small text of its own (a language label), its top-left corner at `rect.origin`.
            case text(TextLayout)
        }

        public var kind: Kind
        public var rect: CGRect
        public var cornerRadius: Double
        /// The element it belongs to, by index in `documentElements`.
        public var element: Int

        public init(kind: Kind, rect: CGRect, cornerRadius: Double = 0, element: Int) {
            self.kind = kind
            self.rect = rect
            self.cornerRadius = cornerRadius
            self.element = element
        }
    }

    /// The document's decorations in drawing order; empty for plain text.
    public var decorations: [Decoration] { storage.decorations }
}

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
