import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `TextSelector.markdown` picks the glyphs of Markdown elements, whatever they are nested in.
@Suite struct MarkdownSelectorTests {
    typealias Probe = MarkdownLayoutProbe

    static let source = """
    # Title

    Some `inline code` in a paragraph.

    ```swift
    let a = 1
    print(a)
    ```

    ## Second heading

    - an item
    - with a nested block:

      ```
      nested code
      ```
    """

    /// The selected glyphs' text, line by line, spaces left out.
    static func selectedLines(_ selector: TextSelector, in layout: TextLayout) -> [String] {
        var lines: [Int: String] = [:]
        for glyph in layout.glyphs where selector.contains(glyph) && !glyph.text.allSatisfy(\.isWhitespace) {
            lines[glyph.lineIndex, default: ""] += glyph.text
        }
        return lines.keys.sorted().map { lines[$0]! }
    }

    @Test func codeBlockSelectsExactlyTheCodeGlyphs() {
        let layout = Probe(Self.source).layout
        let selector = TextSelector.markdown([.codeBlock])
        #expect(Self.selectedLines(selector, in: layout) == ["leta=1", "print(a)", "nestedcode"])
        // Inline code is not a code block.
        #expect(!layout.glyphs.contains { selector.contains($0) && $0.text == "i" && $0.run.text.contains("inline") })
        // Segments agree with `contains`: every selected part is code, every other part is not.
        for (part, isSelected) in selector.segments(of: layout) {
            for glyph in part.glyphs { #expect(selector.contains(glyph) == isSelected) }
        }
        let selectedText = selector.segments(of: layout).filter(\.isSelected).flatMap { $0.part.runs.map { String($0.text) } }
        // Coloured code splits its lines into runs (one per colour): the parts together are the code.
        #expect(selectedText.joined() == "let a = 1print(a)nested code")
    }

    @Test func headingsSelectTheirLevels() {
        let layout = Probe(Self.source).layout
        #expect(Self.selectedLines(.markdown([.h1, .h2, .h3, .h4, .h5, .h6]), in: layout) == ["Title", "Secondheading"])
        #expect(Self.selectedLines(.markdown([.h2]), in: layout) == ["Secondheading"])
        #expect(Self.selectedLines(.markdown([.h3]), in: layout).isEmpty)
    }

    @Test func listItemsSelectTheirMarkersAndEverythingInside() {
        let layout = Probe(Self.source).layout
        #expect(Self.selectedLines(.markdown([.listItem]), in: layout) == ["•anitem", "•withanestedblock:", "nestedcode"])
    }

    @Test func plainTextHasNoMarkdownElements() {
        TestFonts.pin()
        let layout = TextLayout(RichText("# not markdown"), options: LayoutOptions(width: 300))
        #expect(!layout.glyphs.contains { TextSelector.markdown(Set(MarkdownElement.allCases)).contains($0) })
    }
}
