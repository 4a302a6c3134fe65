import Foundation
import Testing
@testable import RenderPipeline

/// A growing document laid out block by block gives the layout of the whole text laid out at
/// once, and each appended piece lays out only the blocks it changed.
@Suite struct IncrementalMarkdownLayoutTests {
    static let options = LayoutOptions(width: 340)

    /// Lines (text and origin), elements (kind and frame) and decorations (rect) of a layout.
    static func summary(_ layout: TextLayout) -> [String] {
        layout.map { "\($0.text) @ \($0.origin.x),\($0.origin.y)" }
            + layout.documentElements.map { "\($0.kind) \($0.parent ?? -1) \($0.frame) \($0.lines)" }
            + layout.decorations.map { "\($0.rect) \($0.element)" }
            + ["\(layout.textSize) \(layout.graphemeCount) \(layout.text.count)"]
    }

    @Test func growingTheAnswerGivesTheWholeLayoutAndLaysOutOnlyTheLastBlock() {
        let answer = MarkdownStreamingTests.answer
        let incremental = IncrementalMarkdownLayout(markdown: MarkdownView(text: ""), options: Self.options, baseStyle: Style(), fonts: .system)
        // Whole lines arriving, as chunks do; every prefix matches the whole layout of that prefix.
        let lines = answer.split(separator: "\n", omittingEmptySubsequences: false)
        var text = "", laidOut: [Int] = []
        for line in lines {
            text += line + "\n"
            let before = incremental.blocksLaidOut
            let layout = incremental.textLayout(text)
            laidOut.append(incremental.blocksLaidOut - before)
            let whole = TextLayout(MarkdownView(text: text), options: Self.options)
            #expect(Self.summary(layout) == Self.summary(whole), "after \(text.count) characters")
        }
        // Each line laid out at most the block it belongs to and the one it opened.
        #expect(laidOut.allSatisfy { $0 <= 2 }, "\(laidOut)")
        #expect(incremental.blocksLaidOut < lines.count * 2)
    }
}
