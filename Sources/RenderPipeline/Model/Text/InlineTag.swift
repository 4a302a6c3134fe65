import Foundation

/// Text in a rounded box that flows inline as one unbreakable piece: a shop badge, a label, a chip.
///
/// The tag's text is laid out on its own with the span's style (so a `textStyle` scales it with
/// Dynamic Type), and its baseline sits on the line's baseline, raised by the span's `baselineOffset`.
package struct InlineTag: Hashable, Sendable {
    /// A light gray, the fill of a tag that names none.
    public static let defaultBackground = Paint.color(Color(red8: 0xE9, green8: 0xE9, blue8: 0xEB))

    public var text: String
    /// The box fill; `nil` draws no box (the text alone, still unbreakable).
    public var background: Paint?
    /// Corner radius of the box, in points.
    public var cornerRadius: Double
    /// Space between the text and the box's edges: `width` left and right, `height` above and below.
    public var padding: CGSize
    /// For a spacer (`spacer(width:glue:)`): the side it never breaks from; nil for a tag.
    package var spacerGlue: SpacerGlue?

    /// The neighbour a spacer stays on one line with.
    package enum SpacerGlue: Hashable, Sendable {
        /// The character after it (a spacer that opens a span).
        case next
        /// The character before it (a spacer that closes a span).
        case previous
    }

    /// An empty box `width` points wide and no height, that never breaks from its `glue` side:
    /// room around a span whose background is drawn wider than its text (inline code's padding).
    package static func spacer(width: Double, glue: SpacerGlue) -> InlineTag {
        var tag = InlineTag("", background: nil, cornerRadius: 0, padding: CGSize(width: width / 2, height: 0))
        tag.spacerGlue = glue
        return tag
    }

    public init(_ text: String, background: Paint? = InlineTag.defaultBackground, cornerRadius: Double = 4,
                padding: CGSize = CGSize(width: 4, height: 1)) {
        self.text = text
        self.background = background
        self.cornerRadius = cornerRadius
        self.padding = padding
    }
}
