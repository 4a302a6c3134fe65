import Foundation

/// What a page changes in drawing one block that its breaks cut: the text of table cells
/// another page shows is left out, and bordered boxes cut by the page's top or bottom are
/// closed there. Both in the block's layout coordinates.
struct BlockPageCut: Sendable {
    /// Where the block's text is not drawn (backgrounds and borders are).
    var hiddenText: [CGRect] = []
    /// Border edges drawn with the block's decorations, below its text.
    var edges: [TextLayout.Decoration] = []
}
