import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Raw HTML in Markdown resolved to the Markdown GitHub would show for it.
@Suite struct MarkdownHTMLResolverTests {
    static func blocks(_ markdown: String) -> [MarkdownNode] { MarkdownParser.parse(markdown).children }

    @Test func aCentredREADMEHeader() {
        let source = """
        <div align="center">
          <img src="logo.png" alt="Logo" width="120">
          <h1>Title</h1>
          <p>A <b>fast</b> tool</p>
        </div>
        """
        let blocks = Self.blocks(source).flatMap { node -> [MarkdownNode] in
            if case .otherBlock(_, let children) = node { return children }
            return [node]
        }
        guard case .alignedBlock(.center, let inner)? = blocks.first else {
            Issue.record("not centred: \(blocks)")
            return
        }
        #expect(inner.contains(.paragraph([.htmlImage(MarkdownHTMLImage(source: "logo.png", alt: "Logo", width: 120))])))
        #expect(inner.contains(.heading(level: 1, [.text("Title")])))
        #expect(inner.contains(.paragraph([.text("A "), .strong([.text("fast")]), .text(" tool")])))
    }

    @Test func htmlAroundMarkdownBlocks() {
        let blocks = Self.blocks("<div align=\"right\">\n\n# Title\n\nSome *text*\n\n</div>\n\nAfter")
        let flat = blocks.flatMap { node -> [MarkdownNode] in
            if case .otherBlock(_, let children) = node { return children }
            return [node]
        }
        #expect(flat.first == .alignedBlock(alignment: .trailing, [
            .heading(level: 1, [.text("Title")]), .paragraph([.text("Some "), .emphasis([.text("text")])]),
        ]))
        #expect(flat.last == .paragraph([.text("After")]))
    }

    @Test func inlineHTMLAroundMarkdownInlines() {
        let document = MarkdownParser.parse("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, <b>bold **md**</b> and H<sub>2</sub>O<sup>1</sup> <!-- note -->")
        guard case .paragraph(let inlines)? = document.children.first else {
            Issue.record("\(document)")
            return
        }
        #expect(inlines == [
            .text("Press "), .htmlStyled(.keyboard, [.text("Ctrl")]), .text("+"), .htmlStyled(.keyboard, [.text("C")]), .text(", "),
            .strong([.text("bold "), .strong([.text("md")])]), .text(" and H"), .htmlStyled(.subscript, [.text("2")]), .text("O"),
            .htmlStyled(.superscript, [.text("1")]), .text(" "),
        ])
    }

    @Test func linksBreaksAndStyles() {
        let document = MarkdownParser.parse("<a href=\"https://x.test\">site</a><br><ins>new</ins> <del>old</del> <mark>hi</mark> <code>a &lt; b</code>")
        let inlines = document.children.first?.children ?? []
        #expect(inlines.contains(.link(destination: "https://x.test", [.text("site")])))
        #expect(inlines.contains(.lineBreak))
        #expect(inlines.contains(.htmlStyled(.inserted, [.text("new")])))
        #expect(inlines.contains(.strikethrough([.text("old")])))
        #expect(inlines.contains(.htmlStyled(.marked, [.text("hi")])))
        #expect(inlines.contains(.inlineCode("a < b")))
    }

    @Test func detailsPictureAndUnknownTags() {
        let source = """
        <details open>
        <summary>More <b>info</b></summary>

        Hidden *text*

        </details>

        <picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt="Shot"></picture>

        <custom-tag>kept words</custom-tag> <span style="color:red">plain</span>
        """
        let nodes = MarkdownParser.parse(source)
        var found: [MarkdownNode] = []
        func visit(_ node: MarkdownNode) {
            found.append(node)
            node.children.forEach(visit)
        }
        visit(nodes)
        #expect(found.contains { if case .details(let summary, true, let content) = $0 {
            summary == [.text("More "), .strong([.text("info")])] && content == [.paragraph([.text("Hidden "), .emphasis([.text("text")])])]
        } else { false } })
        #expect(found.contains(.htmlImage(MarkdownHTMLImage(source: "light.png", alt: "Shot"))))
        #expect(MarkdownView(text: source).imageSources == ["light.png"])
        #expect(found.contains(.paragraph([.text("kept words plain")])))
    }

    @Test func tablesBecomeTheTableModel() {
        let source = "<table><thead><tr><th align=\"right\">A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><i>2</i></td></tr></tbody></table>"
        let table = MarkdownParser.parse(source).children.flatMap { node -> [MarkdownNode] in
            if case .otherBlock(_, let children) = node { return children }
            return [node]
        }.first
        #expect(table == .table(alignments: [.trailing, .none], header: [[.text("A")], [.text("B")]],
                                rows: [[[.text("1")], [.emphasis([.text("2")])]]]))
    }

    @Test func noTagSourceIsLeftInTheText() {
        let text = RichText(spans: MarkdownConverter().spans(for: Self.readme)).plainText
        for tag in ["<div", "<img", "<h1", "</", "<!--", "<br", "<kbd", "<details", "<summary"] {
            #expect(!text.contains(tag), "\(tag) in \(text)")
        }
        #expect(text.contains("Title") && text.contains("Install") && text.contains("Ctrl"))
    }

    /// A README as they are written on GitHub.
    static let readme = """
    <!-- badges -->
    <div align="center">
      <img src="logo.png" alt="Logo" width="96">
      <h1>Title</h1>
      <p><a href="https://ci.test"><img src="https://ci.test/badge.svg" alt="CI"></a></p>
    </div>

    ## Install

    Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop.<br>
    Version 2<sup>nd</sup>.

    <details>
    <summary>Advanced</summary>

    Run `make` with `pandas.Series.rolling`.

    </details>
    """
}
