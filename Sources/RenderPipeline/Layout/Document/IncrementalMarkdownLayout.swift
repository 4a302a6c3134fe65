import Foundation

/// Lays out a Markdown document that grows at its end (a streamed answer) block by block,
/// keeping the layouts of its top-level blocks: each new version lays out only the blocks
/// whose source changed (the last, still-open one as a rule) and joins the rest as they were.
///
/// Top-level blocks are found by cmark-gfm on the whole text; each is laid out as a document of
/// its own and placed below the one before with the spacing the whole document would give
/// them, so the result has the same lines, elements and decorations as laying the whole text
/// out at once (`IncrementalMarkdownLayoutTests` compares the two). Documents whose blocks
/// depend on one another — footnotes, link reference definitions, raw HTML blocks (which
/// group with their neighbours) — and documents that may be cut or fitted are laid out whole.
package final class IncrementalMarkdownLayout: @unchecked Sendable {
    /// The document's style and images; its text is given to ``layout(_:leavesLastCodePlain:)``.
    let markdown: MarkdownView
    let options: LayoutOptions
    let baseStyle: Style
    let fonts: FontLibrary

    /// A laid-out top-level block and the spacing it asks for above and below.
    private struct LaidOut {
        var storage: LayoutStorage
        var spacing: (before: Double, after: Double)
        /// The call that last used it, for eviction.
        var lastUse: Int
    }

    /// Laid-out blocks by their source (and whether their code was left plain).
    private var cache: [Key: LaidOut] = [:]
    private struct Key: Hashable {
        var source: String
        var plainCode: Bool
    }
    private var calls = 0
    /// How many calls a block not used since is kept for (frames drawn out of order go back a few states).
    private static let keptCalls = 4
    /// Blocks laid out (not found in the cache) over this object's life: what tests and the bench read.
    package private(set) var blocksLaidOut = 0

    package init(markdown: MarkdownView, options: LayoutOptions, baseStyle: Style, fonts: FontLibrary) {
        self.markdown = markdown
        self.options = options
        self.baseStyle = baseStyle
        self.fonts = fonts
    }

    /// The layout of `text`; `leavesLastCodePlain`: its last code block is still arriving
    /// (see ``MarkdownView/leavesLastCodePlain``).
    package func layout(_ text: String, leavesLastCodePlain: Bool = false) -> LayoutStorage {
        calls += 1
        let blocks = MarkdownParser.topLevelBlocks(in: text)
        guard options.lineLimit == nil, options.height == nil, !options.fitsBySizing,
              !blocks.contains(where: { $0.kind == "html_block" || $0.kind == "footnote_definition" }),
              !Self.mayDefineReferences(text) else {
            var whole = markdown
            whole.text = text
            whole.leavesLastCodePlain = leavesLastCodePlain
            blocksLaidOut += 1
            return MarkdownLayoutBuilder(markdown: whole, baseStyle: baseStyle, options: options, fonts: fonts).build()
        }
        var assembler = DocumentAssembler()
        var elements: [TextLayout.DocumentElement] = []
        var decorations: [TextLayout.Decoration] = []
        var y = 0.0, width = 0.0, visualLines = 0
        var previousAfter: Double?
        for (index, block) in blocks.enumerated() {
            let source = Self.trimmingTrailingBlankLines(text, block.range)
            let laidOut = self.laidOut(source, plainCode: leavesLastCodePlain && index == blocks.count - 1)
            if let previousAfter { y += Swift.max(previousAfter, laidOut.spacing.before) }
            previousAfter = laidOut.spacing.after
            let storage = laidOut.storage
            let base = elements.count
            for element in storage.elements {
                var moved = element
                moved.parent = element.parent.map { $0 + base }
                moved.frame = element.frame.offsetBy(dx: 0, dy: y)
                elements.append(moved)
            }
            for decoration in storage.decorations {
                var moved = decoration
                moved.rect = decoration.rect.offsetBy(dx: 0, dy: y)
                moved.element += base
                decorations.append(moved)
            }
            if !storage.lines.isEmpty {
                assembler.append(DocumentPiece(storage: storage, origin: CGPoint(x: 0, y: y), element: base, separator: "\n",
                                               lineElements: storage.lineElements.map { $0 + base }))
            }
            y += storage.textSize.height
            width = Swift.max(width, storage.textSize.width)
            visualLines += storage.visualLineCount
        }
        cache = cache.filter { calls - $0.value.lastUse < Self.keptCalls }
        let textSize = CGSize(width: width, height: y)
        let base = markdown.style[.body].text.overridden(by: baseStyle).resolved(in: options.environment)
        return assembler.finish(elements: elements, decorations: decorations,
                                size: CGSize(width: options.width ?? width, height: y), textSize: textSize, isTruncated: false,
                                untruncatedSize: textSize, untruncatedLineCount: visualLines, visualLineCount: visualLines,
                                fallbackStyle: RunStyle(style: base, link: nil, attributes: AttributeSet()))
    }

    /// ``layout(_:leavesLastCodePlain:)`` as a `TextLayout`.
    package func textLayout(_ text: String, leavesLastCodePlain: Bool = false) -> TextLayout {
        TextLayout(storage: layout(text, leavesLastCodePlain: leavesLastCodePlain))
    }

    /// A top-level block's layout: cached, or laid out as a document of its own.
    private func laidOut(_ source: String, plainCode: Bool) -> LaidOut {
        let key = Key(source: source, plainCode: plainCode)
        if var known = cache[key] {
            known.lastUse = calls
            cache[key] = known
            return known
        }
        var block = markdown
        block.text = source
        block.leavesLastCodePlain = plainCode
        let storage = MarkdownLayoutBuilder(markdown: block, baseStyle: baseStyle, options: options, fonts: fonts).build()
        let node = MarkdownParser.parse(source).children.first
        var spacing: (before: Double, after: Double) = (0, 0)
        if let node { spacing = MarkdownLayoutPass.spacing(of: node, style: markdown.style, images: markdown.images, scale: options.fit.scale) }
        let laidOut = LaidOut(storage: storage, spacing: spacing, lastUse: calls)
        cache[key] = laidOut
        blocksLaidOut += 1
        return laidOut
    }

    /// `text[range]` without the blank lines that end it (they separate it from the next
    /// block, and change as that block arrives; they never change the block's layout).
    private static func trimmingTrailingBlankLines(_ text: String, _ range: Range<Int>) -> String {
        let utf8 = Array(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)..<text.utf8.index(text.utf8.startIndex, offsetBy: range.upperBound)])
        var end = utf8.count
        // Back over whole blank lines only: spaces at the end of a line of text can be a hard break.
        while end > 0 {
            var lineStart = end
            if utf8[lineStart - 1] == UInt8(ascii: "\n") { lineStart -= 1 }
            var cursor = lineStart
            while cursor > 0, utf8[cursor - 1] == 0x20 || utf8[cursor - 1] == 0x09 || utf8[cursor - 1] == 0x0D { cursor -= 1 }
            guard cursor == 0 || utf8[cursor - 1] == UInt8(ascii: "\n"), cursor < end else { break }
            end = cursor
        }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// Whether a line may define a link reference (`[label]: url`), which blocks above it can use.
    private static func mayDefineReferences(_ text: String) -> Bool {
        var atLineStart = true, indent = 0
        var sawBracket = false, closed = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true; indent = 0; sawBracket = false; closed = false
                continue
            }
            if atLineStart {
                if byte == 0x20, indent < 3 { indent += 1; continue }
                atLineStart = false
                sawBracket = byte == UInt8(ascii: "[")
                continue
            }
            guard sawBracket else { continue }
            if closed {
                if byte == UInt8(ascii: ":") { return true }
                sawBracket = false
            } else if byte == UInt8(ascii: "]") {
                closed = true
            }
        }
        return false
    }
}
