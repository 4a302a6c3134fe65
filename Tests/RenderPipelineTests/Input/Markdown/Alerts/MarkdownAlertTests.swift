import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// GitHub's alerts: the five kinds with their titles, colours and icons; anything else a plain quote.
@Suite struct MarkdownAlertTests {
    typealias Probe = MarkdownLayoutProbe

    static func document(_ kind: String, _ body: String = "Body text.") -> String { "> [!\(kind)]\n> \(body)\n" }

    @Test func theFiveKindsAreAlerts() {
        for kind in MarkdownAlertKind.allCases {
            let parsed = MarkdownParser.parse(Self.document(kind.rawValue.uppercased()))
            #expect(parsed == .document([.alert(kind, [.paragraph([.text("Body text.")])])]), "\(kind)")
        }
        // GitHub matches the word in any case.
        #expect(MarkdownParser.parse(Self.document("Tip")) == .document([.alert(.tip, [.paragraph([.text("Body text.")])])]))
    }

    @Test func otherQuotesStayQuotes() {
        for source in [Self.document("TODO"), "> [!NOTE] on the same line\n", "> [!NOTE]\n", "- > [!NOTE]\n  > nested in a list\n",
                       "> > [!NOTE]\n> > inside a quote\n", "> Plain quote\n"] {
            var alerts = 0
            func count(_ node: MarkdownNode) {
                if case .alert = node { alerts += 1 }
                node.children.forEach(count)
            }
            count(MarkdownParser.parse(source))
            #expect(alerts == 0, "\(source)")
        }
        let unknown = Probe(Self.document("TODO"))
        #expect(unknown.elementIndices(.blockQuote).count == 1 && unknown.elementIndices(.alert).isEmpty)
        #expect(unknown.layout.exportedText.contains("[!TODO]"))
    }

    @Test func anAlertHasItsColourIconAndTitle() throws {
        for kind in MarkdownAlertKind.allCases {
            let probe = Probe(Self.document(kind.rawValue) + ">\n> Second paragraph.\n", width: 360)
            let alert = try #require(probe.elementIndices(.alert).first)
            #expect(probe.elements[alert].detail == kind.rawValue)
            #expect(kind.lightTint == MarkdownStyle.light.alertTint(for: kind))
            let bar = probe.fills(ofElement: alert, color: kind.lightTint)
            #expect(bar.count == 1 && near(bar[0].width, 4))
            let title = try #require(probe.run(containing: kind.title))
            #expect(title.style.paint == .color(kind.lightTint))
            #expect(title.style.weight != probe.run(containing: "Body")!.style.weight, "the title is semibold")
            let lines = probe.lines(ofElement: alert).map(\.text)
            #expect(lines.count == 3 && lines[1] == "Body text." && lines[2] == "Second paragraph.", "\(lines)")
            // The Octicon stands before the title, an inline image.
            #expect(probe.layout.runs.contains { $0.lineIndex == probe.line(containing: kind.title)!.index && $0.inlineBox != nil })
            #expect(bar[0].minX < probe.line(containing: "Body")!.typographicBounds.origin.x)
        }
    }

    @Test func darkThemesUseGitHubsDarkColours() {
        for kind in MarkdownAlertKind.allCases {
            #expect(MarkdownStyle.dark.alertTint(for: kind) == kind.darkTint)
            #expect(MarkdownStyle.githubDark.alertTint(for: kind) == kind.darkTint)
            #expect(MarkdownStyle.github.alertTint(for: kind) == kind.lightTint)
        }
        #expect(MarkdownAlertKind.caution.lightTint == Color(red8: 0xD1, green8: 0x24, blue8: 0x2F))
        #expect(MarkdownAlertKind.note.icon != nil, "the Octicon SVG loads")
    }
}
