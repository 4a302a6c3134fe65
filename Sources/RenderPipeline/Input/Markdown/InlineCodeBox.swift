import Foundation

/// Marks the runs of an inline code span whose background is a padded, rounded box (GitHub's
/// `code { padding: .2em .4em; border-radius: 6px }`) rather than the run's own background: the
/// Markdown layout draws one box per line the span is on, below the text.
///
/// The span's text goes between two spacers (`InlineTag.spacer`) as wide as the horizontal
/// padding, so the box has room beside its neighbours; every piece carries this attribute.
package struct InlineCodeBox: TextAttribute {
    /// The box's fill.
    public var color: Color
    public var cornerRadius: Double
    /// Space above and below the code's font box (the sides' room is the spacers'), in points.
    public var verticalPadding: Double
    /// Which code span it is, so that two spans side by side get two boxes.
    public var span: Int

    public init(color: Color, cornerRadius: Double, verticalPadding: Double, span: Int) {
        self.color = color
        self.cornerRadius = cornerRadius
        self.verticalPadding = verticalPadding
        self.span = span
    }
}
