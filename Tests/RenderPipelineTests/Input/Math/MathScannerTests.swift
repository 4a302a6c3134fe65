import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Formulas found in Markdown before cmark reads it, with GitHub's delimiters and rules.
@Suite struct MathScannerTests {
    /// The formulas of a parsed document, in order.
    static func formulas(_ markdown: String) -> [MathFormula] { MathFormula.all(in: MarkdownParser.parse(markdown)) }

    @Test func everyDelimiterIsFound() {
        let found = Self.formulas("a $x^2$ b $`y_1`$ c \\(z_2\\) d\n\n$$\\sum_i a_i$$\n\n\\[ \\int f \\]\n\n```math\nE = mc^2\n```\n")
        #expect(found.map(\.source) == ["x^2", "y_1", "z_2", "\\sum_i a_i", "\\int f", "E = mc^2"])
        #expect(found.map(\.isDisplay) == [false, false, false, true, true, true])
    }

    /// `_` inside a formula is TeX's subscript, never Markdown's emphasis; the text around keeps its own.
    @Test func underscoresInAFormulaAreNotEmphasis() {
        let document = MarkdownParser.parse("where $a_i + b_j$ and _real_ emphasis")
        guard case .document(let blocks) = document, case .paragraph(let inlines) = blocks.first else {
            Issue.record("no paragraph")
            return
        }
        #expect(inlines.compactMap { MathFormula(node: $0)?.source } == ["a_i + b_j"])
        #expect(inlines.contains(.emphasis([.text("real")])))
        #expect(!inlines.contains { if case .emphasis(let c) = $0 { return c.contains(.text("i + b")) } else { return false } })
    }

    /// GitHub's rules: a space after the opening or before the closing `$`, or a digit after the
    /// closing one, makes no formula; `\$` is a dollar sign; code is never math.
    @Test func dollarsThatAreNotMath() {
        #expect(Self.formulas("costs $5 and $10").isEmpty)
        #expect(Self.formulas("a $ b$ and $c $").isEmpty)
        #expect(Self.formulas("\\$x\\$ is money").isEmpty)
        #expect(Self.formulas("`$x$` in code").isEmpty)
        #expect(Self.formulas("```\n$x$\n```\n").isEmpty)
        #expect(Self.formulas("text\n\n    $x$ indented code\n").isEmpty)
        #expect(Self.formulas("$a\n\nb$").isEmpty)
        #expect(Self.formulas("$x$2").isEmpty)
        // A digit of another script after the closing `$` counts too (the scanner reads bytes).
        #expect(Self.formulas("$x$\u{0663}").isEmpty)
        #expect(Self.formulas("$x$é").map(\.source) == ["x"])
    }

    /// Windows line ends: fences, indented code and blank lines are seen as with `\n` alone (a
    /// `\r\n` is one Swift `Character`, so a scan by characters would see one long line).
    @Test func crlfDocumentsAreReadLineByLine() {
        #expect(Self.formulas("```\r\n$x$\r\n```\r\n").isEmpty)
        #expect(Self.formulas("$a\r\n\r\nb$").isEmpty)
        #expect(Self.formulas("one $x_1$\r\n\r\n$$y^2$$\r\n").map(\.source) == ["x_1", "y^2"])
    }

    /// Thousands of lone dollars are scanned in linear time (a failed search is remembered).
    @Test func loneDollarsDoNotMakeTheScanQuadratic() {
        let text = String(repeating: "$a ", count: 50_000)
        #expect(MathScanner(text).formulas.isEmpty)
    }

    /// A code span or link that holds a placeholder gets the author's text back.
    @Test func placeholdersNeverShowInText() {
        let plain = RichText(spans: MarkdownConverter().spans(for: "see [$x$](https://x.test/$y$) now")).plainText
        #expect(!plain.contains(MathScanner.placeholderStart))
    }
}
