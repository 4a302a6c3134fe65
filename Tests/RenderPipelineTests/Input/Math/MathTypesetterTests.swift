import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// LaTeX and dvisvgm typeset formulas, one TeX run per document, cached on disk.
@Suite(.serialized) struct MathTypesetterTests {
    static func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-math-test-\(UUID().uuidString)")
    }

    @Test func aFormulaHasTeXsBoxWithDepth() throws {
        let typesetter = MathTypesetter(cacheDirectory: nil)
        let results = typesetter.typeset([MathFormula(source: "x", isDisplay: false), MathFormula(source: "y_1", isDisplay: false)])
        let x = try #require(results[MathFormula(source: "x", isDisplay: false)]?.box)
        let y = try #require(results[MathFormula(source: "y_1", isDisplay: false)]?.box)
        // cmmi10's x: 0.43 em tall, no depth; y descends (about 0.19 em) and its subscript deeper.
        #expect(abs(x.height - 0.43) < 0.03 && x.depth < 0.03, "x: \(x.height) em tall, \(x.depth) em deep")
        #expect(y.depth > 0.2 && y.depth < 0.4)
        #expect(typesetter.texRuns == 1)
    }

    /// All of a document's formulas in one TeX run; the second time from the disk cache, no TeX.
    @Test func theSecondUseIsACacheHit() throws {
        let folder = Self.temporaryCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        let formulas = (1...5).map { MathFormula(source: "\\frac{a_\($0)}{b}", isDisplay: $0 % 2 == 0) }
        let first = MathTypesetter(cacheDirectory: folder)
        let cold = first.typeset(formulas)
        #expect(first.texRuns == 1)
        #expect(cold.values.allSatisfy { $0.box != nil })
        let second = MathTypesetter(cacheDirectory: folder)  // a new process, in effect
        let warm = second.typeset(formulas)
        #expect(second.texRuns == 0)
        for formula in formulas { #expect(warm[formula]?.box?.svg == cold[formula]?.box?.svg) }
    }

    /// A formula TeX rejects fails with TeX's message; the others of its run are typeset.
    @Test func aBadFormulaFailsAlone() {
        let typesetter = MathTypesetter(cacheDirectory: nil)
        let good = MathFormula(source: "a+b", isDisplay: false), bad = MathFormula(source: "\\nosuchmacro x", isDisplay: false)
        let fatal = MathFormula(source: "\\end{document}", isDisplay: false), after = MathFormula(source: "c", isDisplay: false)
        let results = typesetter.typeset([good, bad, fatal, after])
        #expect(results[good]?.box != nil)
        #expect(results[bad]?.failure?.contains("Undefined control sequence") == true)
        #expect(results[fatal]?.failure != nil)
        #expect(results[after]?.box != nil)
    }

    /// A formula that loops TeX is stopped at the run's timeout and fails alone; the formulas
    /// before and after it are typeset (the rest in a second run).
    @Test func aLoopingFormulaIsStoppedAndFailsAlone() {
        let typesetter = MathTypesetter(cacheDirectory: nil, texTimeout: 3)
        let before = MathFormula(source: "a", isDisplay: false), after = MathFormula(source: "b", isDisplay: false)
        let loop = MathFormula(source: "\\def\\x{\\x}\\x", isDisplay: false)
        let results = typesetter.typeset([before, loop, after])
        #expect(results[loop]?.failure?.contains("longer than 3 s") == true, "\(String(describing: results[loop]?.failure))")
        #expect(results[before]?.box != nil && results[after]?.box != nil, "\(String(describing: results[before]?.failure)) \(String(describing: results[after]?.failure))")
        #expect(typesetter.texRuns == 2)
    }

    /// `\begin{align*}` inside `$$…$$`, as GitHub's MathJax takes it, is set as `aligned`.
    @Test func alignInDisplayMathIsAccepted() {
        let typesetter = MathTypesetter(cacheDirectory: nil)
        let formula = MathFormula(source: "\\begin{align*} a &= b \\label{e} \\\\ c &= d \\end{align*}", isDisplay: true)
        let box = typesetter.typeset([formula])[formula]?.box
        #expect(box != nil)
        // Two lines: taller than one.
        #expect((box?.height ?? 0) > 2)
    }
}
