import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A chat answer arriving a few characters at a time: every prefix lays out, and appending
/// text never moves the blocks above the last one.
@Suite struct MarkdownStreamingTests {
    typealias Probe = MarkdownLayoutProbe

    static let answer = """
    ## Sorting in Swift

    Use `sorted()` for a new array, or `sort()` to sort **in place**. Both take a closure.

    Steps:

    1. Pick the key you compare by.
    2. Write the closure.
    3. Check [the docs](https://swift.org/docs) for stability.

    ```swift
    let names = ["b", "a", "c"]
    let sorted = names.sorted { $0 < $1 }
    ```

    | Method | In place | Returns |
    |:--|:-:|--:|
    | `sorted()` | no | new array |
    | `sort()` | yes | nothing |

    That is all you need.
    """

    /// The lines of a top-level element: where they start and what they say.
    static func lines(of element: TextLayout.DocumentElement, in layout: TextLayout) -> [String] {
        element.lines.map { index in
            let line = layout[index]
            return "\(line.text) @ \(line.origin.x),\(line.origin.y)"
        }
    }

    @Test func everyPrefixLaysOutAndKeepsTheBlocksAboveTheLastInPlace() {
        let options = LayoutOptions(width: 340)
        let full = Probe(MarkdownView(text: Self.answer), options: options).layout
        let fullTop = full.documentElements.filter { $0.depth == 0 }
        #expect(fullTop.map(\.kind) == [.h2, .body, .body, .listItem, .listItem, .listItem, .codeBlock, .table, .body])
        let characters = Array(Self.answer)
        var checkedBlocks = 0
        for end in 0...characters.count {
            let prefix = String(characters[..<end])
            // cmark-gfm ends a table at a line holding only "|" or "| " (a row begun, no cell yet) and
            // makes that line a paragraph; the next character joins it back to the table.
            // `aLonePipeBelowATableEndsTheTable` tracks that; here such prefixes are skipped.
            if prefix.split(separator: "\n", omittingEmptySubsequences: false).last?.trimmingCharacters(in: .whitespaces) == "|" { continue }
            let layout = Probe(MarkdownView(text: prefix), options: options).layout
            let top = layout.documentElements.filter { $0.depth == 0 }
            #expect(layout.exportedText.count <= Self.answer.count + 10)
            // Every top-level block but the last one is final: same kind, frame and lines as in the whole answer.
            for (index, element) in top.dropLast().enumerated() {
                guard index < fullTop.count else {
                    Issue.record("prefix \(end) has more blocks than the answer")
                    break
                }
                #expect(element.kind == fullTop[index].kind, "prefix \(end), block \(index)")
                #expect(element.frame == fullTop[index].frame, "prefix \(end), block \(index): \(prefix.suffix(30).debugDescription)")
                #expect(Self.lines(of: element, in: layout) == Self.lines(of: fullTop[index], in: full), "prefix \(end), block \(index)")
                checkedBlocks += 1
            }
        }
        #expect(checkedBlocks > 1000, "the invariant was exercised (\(checkedBlocks) blocks compared)")
    }

    @Test func anUnterminatedFenceIsACodeBlockAlready() throws {
        let probe = Probe("Here you go:\n\n```swift\nlet x = 1\nlet y =")
        let code = try #require(probe.elementIndices(.codeBlock).first)
        #expect(probe.elements[code].detail == "swift")
        #expect(probe.lines(ofElement: code).map(\.text) == ["let x = 1", "let y ="])
        let box = try #require(probe.fills(ofElement: code, color: MarkdownStyle.light[.codeBlock].background).first)
        for line in probe.lines(ofElement: code) { #expect(box.encloses(line.logicalRect)) }
        // A fence opened with nothing in it yet is an empty code block, not text.
        let opened = Probe("Here you go:\n\n```")
        #expect(opened.elementIndices(.codeBlock).count == 1)
        #expect(opened.layout.exportedText == "Here you go:\n")
    }

    /// While a row is being typed, its first character ("|") alone on its line ends the table
    /// in cmark-gfm: for one streamed chunk the table loses nothing but a paragraph "|" appears
    /// below it. The next character turns the line back into a row of the table.
    @Test func aLonePipeBelowATableEndsTheTable() {
        let probe = Probe("| a | b |\n|---|---|\n| 1 | 2 |\n|")
        let top = probe.elements.filter { $0.depth == 0 }.map(\.kind)
        withKnownIssue("cmark-gfm parses a lone \"|\" after a table as a paragraph") {
            #expect(top == [.table])
        }
        let next = Probe("| a | b |\n|---|---|\n| 1 | 2 |\n| 3")
        #expect(next.elements.filter { $0.depth == 0 }.map(\.kind) == [.table])
        #expect(next.elements.filter { $0.kind == .tableBody }.count == 4)
    }

    @Test func aTableStreamsRowByRow() throws {
        let header = "| a | b |\n|---|---|\n"
        var previousRows = 0
        for rows in 0...3 {
            let body = (0..<rows).map { "| \($0) | x\($0) |\n" }.joined()
            let probe = Probe(header + body)
            #expect(probe.elementIndices(.table).count == 1)
            let cells = probe.elements.filter { $0.kind == .tableBody }
            #expect(cells.count == 2 * rows)
            #expect(cells.count >= previousRows)
            previousRows = cells.count
        }
    }
}
