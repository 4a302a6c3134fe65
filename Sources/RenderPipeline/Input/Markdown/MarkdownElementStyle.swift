import Foundation

/// How one kind of Markdown element looks: its text style and, for blocks, its spacing, indent,
/// box and lines. Fields left `nil` keep the theme's value; each element uses the fields that
/// suit it (docs/SCENE-FORMAT.md lists them per element).
package struct MarkdownElementStyle: Hashable, Sendable {
    /// A line around or between parts of an element (a code box's frame, a table's grid).
    public struct Border: Hashable, Sendable {
        public var color: Color
        public var width: Double

        public init(color: Color, width: Double = 1) {
            self.color = color
            self.width = width
        }
    }

    /// Font, color and the other text attributes, over the element's surrounding text.
    public var text: Style
    /// Space above the block, collapsing with the space below the block before it.
    public var spacingBefore: Double?
    /// Space below the block.
    public var spacingAfter: Double?
    /// A quote's gap between bar and text; a list's marker column.
    public var indent: Double?
    /// Space inside a code box or table cell: `width` left and right, `height` above and below.
    public var padding: CGSize?
    /// Fill behind a code box, a quote, a table's header row.
    public var background: Color?
    public var cornerRadius: Double?
    public var border: Border?
    /// A quote's bar, a task list's checkboxes (bullets and numbers take the text color), a thematic break's rule.
    public var tint: Color?
    /// Fill of every other body row of a table.
    public var stripe: Color?
    /// Whether a code block's lines wrap at the box's width (else they are cut at its edge).
    public var wraps: Bool?
    /// Whether a fenced code block shows its language in its top corner.
    public var showsLanguage: Bool?
    /// A quote bar's width, a thematic break's thickness.
    public var thickness: Double?
    /// The element's line height as a multiple of its font size (a heading's 1.25 in GitHub's
    /// CSS), in place of the document's `MarkdownStyle.lineHeight`; nil: the document's.
    public var lineHeight: Double?

    public init(text: Style = Style(), spacingBefore: Double? = nil, spacingAfter: Double? = nil, indent: Double? = nil,
                padding: CGSize? = nil, background: Color? = nil, cornerRadius: Double? = nil, border: Border? = nil,
                tint: Color? = nil, stripe: Color? = nil, wraps: Bool? = nil, showsLanguage: Bool? = nil,
                thickness: Double? = nil, lineHeight: Double? = nil) {
        self.text = text
        self.spacingBefore = spacingBefore
        self.spacingAfter = spacingAfter
        self.indent = indent
        self.padding = padding
        self.background = background
        self.cornerRadius = cornerRadius
        self.border = border
        self.tint = tint
        self.stripe = stripe
        self.wraps = wraps
        self.showsLanguage = showsLanguage
        self.thickness = thickness
        self.lineHeight = lineHeight
    }

    /// This style with every field `other` sets taking its place.
    public func overridden(by other: MarkdownElementStyle) -> MarkdownElementStyle {
        MarkdownElementStyle(
            text: text.overridden(by: other.text), spacingBefore: other.spacingBefore ?? spacingBefore,
            spacingAfter: other.spacingAfter ?? spacingAfter, indent: other.indent ?? indent,
            padding: other.padding ?? padding, background: other.background ?? background,
            cornerRadius: other.cornerRadius ?? cornerRadius, border: other.border ?? border, tint: other.tint ?? tint,
            stripe: other.stripe ?? stripe, wraps: other.wraps ?? wraps, showsLanguage: other.showsLanguage ?? showsLanguage,
            thickness: other.thickness ?? thickness, lineHeight: other.lineHeight ?? lineHeight)
    }
}
