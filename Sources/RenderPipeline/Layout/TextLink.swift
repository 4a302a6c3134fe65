import Foundation

/// One link of a layout, as laid out: one per link span occurrence (spans of one `linkGroup`
/// count as one), with a rectangle per line it lands on.
package struct TextLink: Hashable, Sendable {
    /// Index in `TextLayout.links`, in text order; runs name it as `runStyle.linkOccurrence`.
    public var occurrence: Int
    public var url: String
    /// The link's characters as displayed (a truncated link keeps only what is shown).
    public var text: String
    /// One fragment per line the link is on, top to bottom.
    public var fragments: [LinkFragment]

    public init(occurrence: Int, url: String, text: String, fragments: [LinkFragment]) {
        self.occurrence = occurrence
        self.url = url
        self.text = text
        self.fragments = fragments
    }

    /// The fragments' rectangles, in layout coordinates.
    public var rects: [CGRect] { fragments.map(\.rect) }
}
