import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Code blocks as laid out: tokens in the theme's colours, plain code where colouring is not
/// possible, wrapped lines marked, cut lines faded.
@Suite struct CodeBlockTextTests {
    typealias Probe = MarkdownLayoutProbe

    static func color(_ run: TextLayout.Run?) -> Color? {
        if case .color(let color)? = run?.style.paint { return color }
        return nil
    }

    static func themeColor(_ theme: CodeTheme, _ type: Substring) -> Color? {
        if case .color(let color)? = theme.style(for: type)?.color { return color }
        return nil
    }

    @Test func tokensTakeTheThemesColours() throws {
        let code = "```swift\nlet answer = 42 // six times seven\nfunc greet() {}\n```"
        for (style, theme) in [(MarkdownStyle.light, CodeTheme.github), (.dark, .githubDark)] {
            let probe = Probe(code, width: 600, style: style)
            let keyword = try #require(Self.color(probe.run("let")))
            let identifier = try #require(Self.color(probe.run(containing: "answer")))
            #expect(keyword == Self.themeColor(theme, "Keyword"))
            #expect(keyword != identifier, "a keyword's colour differs from an identifier's")
            #expect(identifier == Self.color(probe.run(containing: "=")) || identifier != keyword)
            if case .color(let text)? = style[.codeBlock].text.color { #expect(identifier == text, "identifiers keep the code's colour") }
            #expect(Self.color(probe.run("42")) == Self.themeColor(theme, "Literal.Number"))
            #expect(Self.color(probe.run(containing: "six times")) == Self.themeColor(theme, "Comment"))
            #expect(Self.color(probe.run("greet")) == Self.themeColor(theme, "Name.Function"))
            // The text is the code as written, whatever its colours.
            #expect(probe.layout.exportedText == "let answer = 42 // six times seven\nfunc greet() {}")
        }
    }

    @Test func codeWithoutColoursIsOneColour() {
        let code = "let answer = 42 // six times seven"
        var plain = MarkdownStyle.light
        plain.codeTheme = nil
        for probe in [Probe("```swift\n\(code)\n```", style: plain),       // colours turned off
                      Probe("```nosuchlanguage\n\(code)\n```"),             // a language Pygments does not know
                      Probe("```\n\(code)\n```")] {                         // no language: GitHub does not guess
            let colors = Set(probe.layout.runs.compactMap(Self.color))
            #expect(colors.count == 1, "\(colors)")
            #expect(probe.layout.exportedText == code)
        }
    }

    static let long = "let message = \"a line of code far wider than the box it is drawn in, so it must wrap\""

    /// The continuation markers drawn for element `index`, with their rectangles.
    static func markers(_ probe: Probe, _ index: Int) -> [CGRect] {
        probe.decorations(ofElement: index).compactMap { decoration in
            if case .text(let text) = decoration.kind, text.exportedText == CodeOverflow.continuationMarker { return decoration.rect }
            return nil
        }
    }

    @Test func wrappedLinesAreMarkedInTheLeftPadding() throws {
        let probe = Probe("```swift\n\(Self.long)\nlet b = 1\n```", width: 260)
        let element = try #require(probe.elementIndices(.codeBlock).first)
        let lines = probe.lines(ofElement: element)
        #expect(lines.count >= 3, "the long line wraps (wrap is the default)")
        let markers = Self.markers(probe, element)
        // One marker per continuation: every line but the long line's first and `let b = 1`.
        #expect(markers.count == lines.count - 2)
        let textLeft = lines.map(\.typographicBounds.rect.minX).min() ?? 0
        for (marker, line) in zip(markers, lines.dropFirst()) {
            #expect(marker.maxX <= textLeft + 0.01, "the marker sits left of the code")
            #expect(marker.minX >= probe.elements[element].frame.minX, "inside the box")
            #expect(marker.minY < line.typographicBounds.rect.maxY && marker.maxY > line.typographicBounds.rect.minY, "on its line")
        }
        #expect(probe.layout.exportedText == Self.long + "\nlet b = 1", "nothing is added to the text")
        // Code that fits has no markers.
        let short = Probe("```swift\nlet b = 1\n```", width: 260)
        #expect(Self.markers(short, short.elementIndices(.codeBlock)[0]).isEmpty)
    }

    @Test func fadedLinesAreCutAndFadeTowardsTheEdge() throws {
        var style = MarkdownStyle.light
        style.codeOverflow = .fade
        let probe = Probe("```swift\n\(Self.long)\nlet b = 1\n```", width: 260, style: style)
        let element = try #require(probe.elementIndices(.codeBlock).first)
        let lines = probe.lines(ofElement: element)
        #expect(lines.count == 2, "cut, not wrapped")
        #expect(Self.markers(probe, element).isEmpty)
        let box = probe.elements[element].frame
        let glyphs = lines[0].flatMap { run in Array(run).map { (run, $0) } }
        let alphas = glyphs.map { Self.color($0.0)?.alpha ?? 1 }
        #expect(alphas.first == 1, "the line starts opaque")
        #expect((alphas.last ?? 1) < 0.5, "and ends nearly transparent: \(alphas.suffix(4))")
        for (earlier, later) in zip(alphas, alphas.dropFirst()) { #expect(later <= earlier + 0.0001, "fading only ever fades more") }
        for (_, glyph) in glyphs { #expect(glyph.typographicBounds.rect.maxX <= box.maxX) }
        // A line that fits is not faded.
        #expect(lines[1].allSatisfy { (Self.color($0)?.alpha ?? 1) == 1 })
        #expect(probe.layout.exportedText == Self.long + "\nlet b = 1", "the text is whole")
    }

    @Test func clipCutsWithoutFadeOrMarker() throws {
        var style = MarkdownStyle.light
        style.codeOverflow = .clip
        let probe = Probe("```swift\n\(Self.long)\n```", width: 260, style: style)
        let element = try #require(probe.elementIndices(.codeBlock).first)
        #expect(probe.lines(ofElement: element).count == 1)
        #expect(probe.layout.runs.allSatisfy { (Self.color($0)?.alpha ?? 1) == 1 })
        #expect(Self.markers(probe, element).isEmpty)
    }
}
