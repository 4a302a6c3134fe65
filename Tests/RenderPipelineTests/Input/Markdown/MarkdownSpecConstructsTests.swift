import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every block construct of CommonMark and GFM, alone and nested inside a quote inside a list
/// item inside a quote, lays out and keeps its words.
@Suite struct MarkdownSpecConstructsTests {
    typealias Probe = MarkdownLayoutProbe

    struct Construct: CustomStringConvertible {
        var name: String
        var source: String
        /// Words the exported text must hold, in this order.
        var words: [String]
        /// The elements the words' lines must belong to (one of them), if any.
        var element: Set<MarkdownElement>?
        /// Links the layout must report.
        var links: [String] = []
        /// The innermost element of each line with text, in order, when it matters.
        var lineKinds: [MarkdownElement]? = nil
        /// How many elements of a kind the construct makes.
        var counts: [MarkdownElement: Int] = [:]
        var description: String { name }
    }

    static let constructs: [Construct] = [
        Construct(name: "ATX headings", source: "# one #\n## two\n###### six ###", words: ["one", "two", "six"], element: [.h1, .h2, .h6],
                  lineKinds: [.h1, .h2, .h6]),
        Construct(name: "setext headings", source: "Alpha\n=====\n\nBeta\n---", words: ["Alpha", "Beta"], element: [.h1, .h2], lineKinds: [.h1, .h2]),
        Construct(name: "indented code", source: "Text\n\n    let indented = 1\n    next()", words: ["let indented = 1", "next()"], element: [.codeBlock]),
        Construct(name: "backtick fence", source: "```js\nconst fenced = 2\n```", words: ["const fenced = 2"], element: [.codeBlock]),
        Construct(name: "tilde fence", source: "~~~\ntilde ~~~ inside\n~~~", words: ["tilde ~~~ inside"], element: [.codeBlock]),
        Construct(name: "HTML block", source: "<div class=\"note\">\nraw html\n</div>", words: ["raw html"], element: [.body]),
        Construct(name: "link reference definition", source: "[ref]: https://ref.test \"Title\"\n\nSee [ref] and [text][ref].",
                  words: ["See ref and text."], element: [.body], links: ["https://ref.test", "https://ref.test"]),
        Construct(name: "quote with lazy continuation", source: "> lazy start\ncontinued lazily", words: ["lazy start continued lazily"],
                  element: [.blockQuote]),
        Construct(name: "bullet markers", source: "- dash\n\n+ plus\n\n* star", words: ["dash", "plus", "star"], element: [.listItem],
                  counts: [.listItem: 3]),
        Construct(name: "ordered markers", source: "1. first\n2. second\n\n7) paren\n8) next", words: ["1. first", "2. second", "7. paren", "8. next"],
                  element: [.listItem]),
        Construct(name: "loose list", source: "- loose one\n\n- loose two\n\n  second para", words: ["loose one", "loose two", "second para"],
                  element: [.listItem]),
        Construct(name: "task list", source: "- [ ] open task\n- [x] closed task", words: ["[ ] open task", "[x] closed task"], element: [.listItem]),
        Construct(name: "table with escaped pipe and missing cell", source: "| a | b |\n|---|---|\n| x \\| y | z |\n| only |",
                  words: ["a\tb", "x | y\tz", "only\t"], element: [.tableHeader, .tableBody]),
        Construct(name: "thematic breaks", source: "above\n\n***\n\n- - -\n\n___\n\nbelow", words: ["above", "below"], element: nil,
                  counts: [.thematicBreak: 3]),
        Construct(name: "hard and soft breaks", source: "hard  \nbreak and\\\nbackslash, soft\nbreak", words: ["hard\nbreak and\nbackslash, soft break"],
                  element: [.body]),
        Construct(name: "autolinks", source: "<https://auto.test> and www.bare.test", words: ["https://auto.test", "www.bare.test"],
                  element: [.body], links: ["https://auto.test", "http://www.bare.test"]),
        Construct(name: "entities", source: "&amp; &copy; &#35; &#x41; &nbsp;x", words: ["& © # A \u{A0}x"], element: [.body]),
        Construct(name: "image with unknown source", source: "![missing picture](nowhere.png)", words: ["missing picture"], element: [.body]),
    ]

    /// `source` inside a quote inside a list item inside a quote.
    static func nested(_ source: String) -> String {
        func quote(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
        }
        func item(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 ? "- " + $0.element : ($0.element.isEmpty ? "" : "  " + $0.element) }.joined(separator: "\n")
        }
        return quote(item(quote(source)))
    }

    static func check(_ construct: Construct, _ source: String, nested: Bool) {
        let probe = Probe(source, width: 360)
        let text = probe.layout.exportedText
        var cursor = text.startIndex
        for word in construct.words {
            guard let found = text.range(of: word, range: cursor..<text.endIndex) else {
                Issue.record("\(construct.name)\(nested ? " (nested)" : ""): \"\(word)\" missing from \(text.debugDescription)")
                return
            }
            cursor = found.upperBound
        }
        #expect(probe.layout.links.map(\.url) == construct.links, "\(construct.name) nested: \(nested)")
        for (kind, count) in construct.counts {
            // Nested, the construct sits in one more list item.
            #expect(probe.elementIndices(kind).count == count + (nested && kind == .listItem ? 1 : 0), "\(construct.name): \(kind)")
        }
        if let lineKinds = construct.lineKinds {
            #expect(probe.layout.filter { !$0.text.isEmpty }.map { probe.layout.documentElements(containing: $0)[0].kind } == lineKinds,
                    "\(construct.name)")
        }
        // Every line with text belongs to the construct's element, and nested ones to quote › item › quote.
        for line in probe.layout where !line.text.isEmpty {
            let kinds = probe.layout.documentElements(containing: line).map(\.kind)
            if let element = construct.element, construct.words.contains(where: { word in word.contains(String(line.text)) }) {
                #expect(!element.isDisjoint(with: kinds), "\(construct.name): \(line.text) in \(kinds)")
            }
            if nested {
                let containers = kinds.filter { $0 == .blockQuote || $0 == .listItem }
                #expect(containers.suffix(3) == [.blockQuote, .listItem, .blockQuote], "\(construct.name): \(line.text) in \(kinds)")
                // Nested text starts right of the outer quote bar and the list marker.
                #expect(line.typographicBounds.origin.x > 30, "\(construct.name): \(line.text)")
            }
        }
    }

    @Test(arguments: constructs) func aloneItKeepsItsWords(_ construct: Construct) {
        Self.check(construct, construct.source, nested: false)
    }

    @Test(arguments: constructs) func nestedItKeepsItsWords(_ construct: Construct) {
        Self.check(construct, Self.nested(construct.source), nested: true)
    }

    @Test func allConstructsInOneDocumentLayOutInReadingOrder() {
        let document = Self.constructs.map(\.source).joined(separator: "\n\n")
        for source in [document, Self.nested(document)] {
            let probe = Probe(source, width: 360)
            let tops = probe.layout.map(\.logicalRect.minY)
            #expect(tops == tops.sorted(), "lines come top to bottom")
            #expect(probe.layout.exportedText.contains("closed task"))
            #expect(probe.layout.exportedText.contains("missing picture"))
            let lastElement = probe.elements.map(\.frame.maxY).max() ?? 0
            #expect(near(probe.layout.textSize.height, lastElement, 0.5))
        }
    }
}
