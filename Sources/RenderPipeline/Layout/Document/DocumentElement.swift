import Foundation

extension TextLayout {
    /// One element of a laid-out document (a heading, a list item, a table cell …): what it
    /// is, where it sits, and which of the layout's lines are its own or its children's.
    public struct DocumentElement: Hashable, Sendable {
        public var kind: MarkdownElement
        /// The element holding this one, by index in `documentElements`.
        public var parent: Int?
        /// How deeply the element is nested (0 for the document's own blocks).
        public var depth: Int
        /// The element's box in the layout's coordinates: its text plus padding and decorations.
        public var frame: CGRect
        /// The layout's lines that belong to the element or its children, in reading order.
        public var lines: Range<Int>
        /// A code block's language, a list item's marker, a table cell's `row,column`.
        public var detail: String?

        public init(kind: MarkdownElement, parent: Int?, depth: Int, frame: CGRect, lines: Range<Int>, detail: String? = nil) {
            self.kind = kind
            self.parent = parent
            self.depth = depth
            self.frame = frame
            self.lines = lines
            self.detail = detail
        }
    }

    /// The elements of a Markdown document in reading order (parents before children); empty
    /// for plain text.
    public var documentElements: [DocumentElement] { storage.elements }

    /// The innermost element each line belongs to, and its ancestors, innermost first.
    public func documentElements(containing line: Line) -> [DocumentElement] {
        guard line.index < storage.lineElements.count else { return [] }
        var result: [DocumentElement] = []
        var current: Int? = storage.lineElements[line.index]
        while let index = current, index >= 0 {
            result.append(storage.elements[index])
            current = storage.elements[index].parent
        }
        return result
    }
}
