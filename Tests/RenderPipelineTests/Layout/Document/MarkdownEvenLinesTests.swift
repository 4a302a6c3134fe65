import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Lines in a Markdown document are as tall whatever fonts their characters fall back to: a
/// line with Chinese or an emoji (Noto's taller fonts) is not taller than its Latin neighbours,
/// in every theme, as a browser lays out lines with the primary font's metrics.
@Suite struct MarkdownEvenLinesTests {
    typealias Probe = MarkdownLayoutProbe

    /// Latin lines and one line with Chinese, each word its own line at this width.
    static let mixed = "Latin words first\n\nalpha beta gamma delta 中文字 epsilon zeta eta theta iota kappa 🎉 lambda mu"

    static func pitches(_ lines: [TextLayout.Line]) -> [Double] {
        zip(lines, lines.dropFirst()).map { $1.typographicBounds.origin.y - $0.typographicBounds.origin.y }
    }

    @Test func pangoAloneMakesTheCJKLineTaller() {
        // What the document corrects: Pango's own line boxes.
        TestFonts.pin()
        let plain = TextLayout(Text("alpha beta 中文字 gamma delta"), options: LayoutOptions(width: 60))
        let heights = plain.map(\.typographicBounds.rect.height)
        #expect(heights.max()! - heights.min()! > 1, "\(heights)")
    }

    @Test func everyLineIsAsTallInEveryTheme() {
        for style in [MarkdownStyle.light, .dark, .github, .githubDark] {
            let probe = Probe(Self.mixed, width: 90, style: style)
            let lines = probe.lines(of: .body, 1)
            #expect(lines.contains { $0.text.contains("中") } && lines.contains { $0.text.contains("🎉") })
            let heights = lines.map(\.typographicBounds.rect.height)
            #expect(heights.max()! - heights.min()! < 0.01, "\(heights)")
            let pitches = Self.pitches(lines)
            #expect(pitches.max()! - pitches.min()! < 0.01, "\(pitches)")
        }
    }

    @Test func latinOnlyTextIsUnchanged() {
        // Without fallback fonts the lines are Pango's own.
        TestFonts.pin()
        let text = "one two three four five six seven"
        let plain = TextLayout(Text(text).font(.body), options: LayoutOptions(width: 90))
        let probe = Probe(text, width: 90)
        #expect(probe.lines(of: .body).map(\.typographicBounds.rect) == plain.map(\.typographicBounds.rect))
    }

    @Test func gitHubsLineHeightHoldsForCJKToo() {
        let probe = Probe(Self.mixed, width: 90, style: .github)
        #expect(Self.pitches(probe.lines(of: .body, 1)).allSatisfy { near($0, 24) })
    }
}
