import Foundation

/// The part of a link on one line: where Pango put its characters there.
package struct LinkFragment: Hashable, Sendable {
    /// Index of the line in the layout.
    public var lineIndex: Int
    /// The union of the Pango logical rectangles (`pango_layout_index_to_pos`) of the link's
    /// characters on this line, in layout coordinates.
    public var rect: CGRect
    /// UTF-8 offsets in the layout's text of the link's first and past-last character on the line.
    public var characterRange: Range<Int>

    public init(lineIndex: Int, rect: CGRect, characterRange: Range<Int>) {
        self.lineIndex = lineIndex
        self.rect = rect
        self.characterRange = characterRange
    }
}
