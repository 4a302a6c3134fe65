import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Footnotes as GitHub shows them: references numbered by first use, raised and bracketed,
/// linked to their notes; the notes at the end under a rule, each with its back references;
/// notes nothing refers to dropped; references to no note left as written.
@Suite struct MarkdownFootnotesTests {
    typealias Probe = MarkdownLayoutProbe

    static let answer = """
        First[^b], then[^a], again[^b] and[^missing].

        [^a]: Note *A*.
        [^b]: Note B.
        [^unused]: Never referred to.
        """

    @Test func referencesAreNumberedByFirstUseAndUnusedNotesDropped() {
        let document = MarkdownParser.parse(Self.answer)
        guard case .document(let blocks) = document else { Issue.record("no document"); return }
        var references: [Int] = []
        func collect(_ node: MarkdownNode) {
            if case .footnoteReference(let number) = node { references.append(number) }
            node.children.forEach(collect)
        }
        blocks.forEach(collect)
        #expect(references == [1, 2, 1])
        let notes = MarkdownFootnotes(blocks: blocks).notes
        #expect(notes.count == 2, "the unreferenced note is dropped")
        #expect(MarkdownInlineConverter.plainText(of: notes[0].flatMap(\.children)) == "Note B. ↩ ↩2")
        #expect(MarkdownInlineConverter.plainText(of: notes[1].flatMap(\.children)).hasPrefix("Note A. ↩"))
        #expect(!MarkdownConverter().spans(for: Self.answer).map(\.text).joined().contains("Never referred"))
    }

    @Test func referencesAreRaisedBracketedLinks() {
        let probe = Probe(Self.answer, width: 400)
        let first = probe.runs("[1]")
        #expect(first.count == 2)
        let body = probe.run(containing: "First")!
        #expect(first[0].font.size < body.font.size)
        #expect(first[0].style.baselineOffset > 0)
        let links = probe.layout.links.map(\.url)
        #expect(Array(links.prefix(3)) == ["#fn-1", "#fn-2", "#fn-1"])
        #expect(links.contains("#fnref-1") && links.contains("#fnref-1-2") && links.contains("#fnref-2"))
        // A reference to no note stays as written, as GitHub shows it.
        #expect(probe.layout.exportedText.contains("[^missing]"))
    }

    @Test func notesComeLastUnderARuleNumberedAndSmaller() throws {
        let probe = Probe(Self.answer, width: 400)
        let section = try #require(probe.elementIndices(.footnotes).first)
        let lines = probe.lines(ofElement: section)
        #expect(lines.count == 2, "\(lines.map(\.text))")
        // Each line starts with its note's number (the list marker hung before it).
        #expect(lines.map(\.text) == ["1. Note B. ↩ ↩2", "2. Note A. ↩"])
        let items = probe.elementIndices(.listItem).filter { probe.elements[$0].parent == section || probe.elements[$0].depth > 0 }
        #expect(items.map { probe.elements[$0].detail } == ["1.", "2."])
        let rule = probe.fills(ofElement: section, color: MarkdownStyle.light[.footnotes].tint)
        #expect(rule.count == 1)
        #expect(rule[0].maxY <= lines[0].typographicBounds.rect.minY + 0.01, "the rule is above the notes")
        let body = probe.line(containing: "First")!
        #expect(body.typographicBounds.rect.maxY <= rule[0].minY, "the notes come after the text")
        #expect(probe.run(containing: "Note B")!.font.size < probe.run(containing: "First")!.font.size)
    }

    @Test func aDocumentWithoutReferencesHasNoNotes() {
        let probe = Probe("Text.\n\n[^a]: Orphan.")
        #expect(probe.elementIndices(.footnotes).isEmpty)
        #expect(!probe.layout.exportedText.contains("Orphan"))
    }
}
