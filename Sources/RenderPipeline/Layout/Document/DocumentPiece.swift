import Foundation

/// One laid-out text placed in a document (a paragraph, a heading, a code block, a table
/// cell), with the list marker that hangs before its first line.
struct DocumentPiece {
    var storage: LayoutStorage
    /// Where the piece's layout origin sits in the document.
    var origin: CGPoint
    /// The element its lines belong to, by index in the document's elements.
    var element: Int
    /// What stands between the previous piece's text and this one's in the document's text:
    /// a line break, or a tab between table cells of one row.
    var separator: String
    /// Glyphs past this x (in the piece's coordinates) are left out: a code line cut at its box.
    var clipRight: Double?
    /// A list marker laid out on its own, drawn on the piece's first line at `origin`.
    var marker: (storage: LayoutStorage, origin: CGPoint)?
    /// Each line's element when they differ (a whole laid-out document placed as one piece,
    /// already renumbered), else nil for `element`.
    var lineElements: [Int]?
}
