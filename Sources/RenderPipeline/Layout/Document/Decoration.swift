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
