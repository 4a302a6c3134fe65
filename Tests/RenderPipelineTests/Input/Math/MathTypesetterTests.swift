import Foundation
import Testing
@testable import RenderPipeline

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
}
