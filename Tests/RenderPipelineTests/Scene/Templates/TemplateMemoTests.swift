import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// What a batch answers once and keeps for its rows (placeholders, number formats, plain
/// decimals) is exactly what asking again would answer.
@Suite struct TemplateMemoTests {
    @Test("plain decimals parse as Double(decimal:) parses them, and everything else goes to it", arguments: [
        "0", "89", "89.5", "-4.50", "+7", "12.", ".5", "1e3", "1E-2", "2.5e+4", "1e400", "-0", "007",
        "", ".", "+", "-.", "e5", "1e", "1e+", "1.2.3", "١٢", "12\n", "12 ", " 12", "0x10", "inf", "nan", "1_000", "１２",
    ])
    func plainDecimals(_ text: String) {
        #expect(SceneTemplate.decimalNumber(text)?.bitPattern == Double(decimal: text)?.bitPattern)
    }

    @Test("placeholders are found in strings of other bytes that Swift calls equal, each at its own positions")
    func placeholdersOfCanonicallyEqualStrings() {
        let composed = "Caf\u{E9} {{name}} {{ price }}", decomposed = "Cafe\u{301} {{name}} {{ price }}"
        #expect(composed == decomposed)
        for _ in 0..<2 {
            for text in [composed, decomposed] {
                let found = TemplatePlaceholders.matches(in: text)
                #expect(found.map(\.name) == ["name", "price"])
                #expect(found.map { String(text[$0.range]) } == ["{{name}}", "{{ price }}"])
            }
        }
        #expect(TemplatePlaceholders.matches(in: "{{not a name}} {{").isEmpty)
    }

    @Test("number formats are checked as before, however often they are asked about")
    func numberFormatsCheckedAlike() {
        for _ in 0..<2 {
            #expect(SceneTemplate.checkNumberFormat("$%.2f") == nil)
            #expect(SceneTemplate.checkNumberFormat("%@") != nil)
            #expect(SceneTemplate.checkNumberFormat("%d %d") != nil)
        }
    }

    @Test("a memo forgets everything once full and still answers")
    func memoIsBounded() {
        let memo = ExactTextMemo<Int>(capacity: 2)
        var computed = 0
        for text in ["a", "b", "a", "c", "a"] {
            #expect(memo.value(for: text) { computed += 1; return $0.utf8.count } == 1)
        }
        #expect(computed == 4, "a, b; a kept; c empties the full memo; a again")
    }
}
