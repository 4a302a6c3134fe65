import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A small deterministic generator, so failing cases replay from their number.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct TruncationTests {
    static let pools: [[String]] = [
        ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog.", "Office", "affinity", "flows", "through", "waffles,"],
        ["今天", "终于", "去了", "那家", "咖啡店，", "环境", "真的", "很好。", "窗外", "就是", "老城区", "的", "石板路。"],
        ["Съешь", "же", "ещё", "этих", "мягких", "французских", "булок,", "да", "выпей", "чаю."],
        ["👨‍👩‍👧‍👦", "family", "👩🏽‍💻", "codes", "🏳️‍🌈", "pride", "🇯🇵", "flag", "❤️", "love"],
        ["Hello", "Привет", "你好", "мир", "world", "世界", "🙂", "again", "ещё", "再来"],
    ]
    static let tokens = ["…", "…more", " 收起", "… Read more", "⋯"]

    struct Case: CustomStringConvertible {
        var seed: Int, text: String, width: Double, limit: Int, mode: Truncation.Mode, breakOn: Truncation.BreakOn
        var token: String, reserve: Double
        var description: String {
            "case \(seed): width \(width), lineLimit \(limit), \(mode), \(breakOn), token \"\(token)\", reserve \(reserve), text \"\(text)\""
        }
    }

    static func makeCase(_ seed: Int) -> Case {
        var rng = SplitMix64(seed: UInt64(seed))
        let pool = pools[Int.random(in: 0..<pools.count, using: &rng)]
        let count = Int.random(in: 4...60, using: &rng)
        let separator = pool == pools[1] && Bool.random(using: &rng) ? "" : " "
        let words = (0..<count).map { _ in pool.randomElement(using: &rng)! }
        var text = words.joined(separator: separator)
        if Int.random(in: 0..<6, using: &rng) == 0 { text = text.replacingOccurrences(of: ". ", with: ".\n") }
        return Case(seed: seed, text: text, width: Double(Int.random(in: 80...600, using: &rng)),
                    limit: Int.random(in: 1...5, using: &rng),
                    mode: Truncation.Mode.allCases.randomElement(using: &rng)!,
                    breakOn: Truncation.BreakOn.allCases.randomElement(using: &rng)!,
                    token: tokens.randomElement(using: &rng)!,
                    reserve: Bool.random(using: &rng) ? 0 : Double(Int.random(in: 1...40, using: &rng)))
    }

    static let style = Style(font: FontDescriptor(family: "Sans", size: 17))

    /// The oracle: lays a candidate out with no limit and checks the limit and reserve directly.
    static func fits(_ text: String, _ c: Case) -> Bool {
        let layout = TextLayout(RichText(text, style: style), options: LayoutOptions(width: c.width))
        guard layout.count <= c.limit, let last = layout.last else { return false }
        return last.typographicBounds.width <= c.width - c.reserve + 0.001
    }

    /// Byte offsets where `breakOn` lets a cut fall, from Pango's own break attributes.
    static func boundaries(_ text: String, _ breakOn: Truncation.BreakOn) -> [Int] {
        PangoLock.withLock {
            let context = FontLibrary.system.makeContext(language: "en")
            let builder = PangoLayoutBuilder(text: RichText(text, style: style), options: LayoutOptions(), fonts: .system)
            return builder.makeLayout(RichText(text, style: style), context: context).characterBreaks.filter {
                $0.breaks.contains(breakOn == .grapheme ? .cursorPosition : .wordBoundary)
            }.map(\.offset)
        }
    }

    static func isBoundary(_ offset: Int, of text: String) -> Bool {
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        return index == text.endIndex || text.indices.contains(index) || index == text.startIndex
    }

    static func check(_ c: Case) -> String? {
        let truncation = Truncation(mode: c.mode, token: .text(c.token), reserve: c.reserve, breakOn: c.breakOn)
        let layout = TextLayout(RichText(c.text, style: style),
                                options: LayoutOptions(width: c.width, lineLimit: c.limit, truncation: truncation))
        let shown = layout.text
        guard layout.isTruncated else {
            return fits(c.text, Case(seed: c.seed, text: c.text, width: c.width, limit: c.limit, mode: c.mode, breakOn: c.breakOn, token: "", reserve: 0))
                ? nil : "not truncated but does not fit in \(c.limit) lines"
        }
        guard shown.contains(c.token) else { return "the token is missing from \"\(shown)\"" }
        guard layout.count <= c.limit || shown == c.token else { return "\(layout.count) lines shown" }
        guard fits(shown, c) || shown == c.token else { return "\"\(shown)\" does not fit" }
        let bytes = Array(c.text.utf8)
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isWhite(_ offset: Int) -> Bool { offset >= 0 && offset < bytes.count && (bytes[offset] == 0x20 || bytes[offset] == 0x0A) }
        let cuts = boundaries(c.text, c.breakOn)
        switch c.mode {
        case .tail:
            let kept = String(shown.dropLast(c.token.count))
            guard c.text.hasPrefix(kept) else { return "\"\(kept)\" is not a prefix of the text" }
            let end = kept.utf8.count
            guard isBoundary(end, of: c.text) else { return "the cut at byte \(end) splits a grapheme cluster" }
            // One more unit (skipping white space, which is dropped before the token) must not fit.
            guard let next = cuts.first(where: { $0 > end && !isWhite($0 - 1) }) else { return nil }
            return fits(string(0..<next) + c.token, c) ? "keeping up to byte \(next) would also fit" : nil
        case .head:
            let kept = String(shown.dropFirst(c.token.count))
            guard c.text.hasSuffix(kept) else { return "\"\(kept)\" is not a suffix of the text" }
            let start = bytes.count - kept.utf8.count
            guard isBoundary(start, of: c.text) else { return "the cut at byte \(start) splits a grapheme cluster" }
            guard let previous = cuts.last(where: { $0 < start && !isWhite($0) }) else { return nil }
            return fits(c.token + string(previous..<bytes.count), c) ? "keeping from byte \(previous) would also fit" : nil
        case .middle:
            guard let range = shown.range(of: c.token) else { return "no token" }
            let head = String(shown[..<range.lowerBound]), tail = String(shown[range.upperBound...])
            guard c.text.hasPrefix(head), c.text.hasSuffix(tail) else { return "\"\(head)\" + \"\(tail)\" are not the text's ends" }
            guard isBoundary(head.utf8.count, of: c.text), isBoundary(bytes.count - tail.utf8.count, of: c.text) else {
                return "a cut splits a grapheme cluster"
            }
            // The ends grow in turn, one unit at a time: the cut is where the next one no longer fits,
            // so at least one end cannot take one more unit.
            let headEnd = head.utf8.count, tailStart = bytes.count - tail.utf8.count
            guard let next = cuts.first(where: { $0 > headEnd && !isWhite($0 - 1) }), next <= tailStart,
                  let previous = cuts.last(where: { $0 < tailStart && !isWhite($0) }), previous >= headEnd else { return nil }
            if fits(string(0..<next) + c.token + tail, c), fits(head + c.token + string(previous..<bytes.count), c) {
                return "both kept ends could grow by one unit"
            }
            return nil
        }
    }

    /// 1,200 generated cases over Latin, CJK, Cyrillic, emoji ZWJ sequences and mixed text,
    /// widths 80–600 pt, line limits 1–5, every mode and both cut units. Failures name the
    /// case number; `makeCase(n)` rebuilds it.
    @Test func generatedCasesAreCutExactly() {
        TestFonts.pin()
        var failures: [String] = []
        for seed in 0..<1200 {
            let c = Self.makeCase(seed)
            if let problem = Self.check(c) { failures.append("\(c): \(problem)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failing cases:\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test func tokenSitsAtTheEndOfTheLastAllowedLine() {
        TestFonts.pin()
        let text = RichText(String(repeating: "Lorem ipsum dolor sit amet. ", count: 20), style: Self.style)
        let token = Truncation.Token.spans([Span("…more", style: Style(color: .color(.blue)), link: "app://more")])
        let layout = TextLayout(text, options: LayoutOptions(width: 300, lineLimit: 3, truncation: Truncation(token: token)))
        #expect(layout.isTruncated)
        #expect(layout.count == 3)
        #expect(layout.text.hasSuffix("…more"))
        let lastRun = layout[2][layout[2].count - 1]
        #expect(lastRun.text == "…more")
        #expect(lastRun.link == "app://more")
        #expect(lastRun.style.paint == .color(.blue))
        #expect(layout.untruncatedLineCount > 3)
        #expect(layout.untruncatedSize.height > layout.textSize.height)
    }

    @Test func frameHeightLimitsLinesToo() {
        TestFonts.pin()
        let text = RichText(String(repeating: "Height limits text as well. ", count: 20), style: Self.style)
        let free = TextLayout(text, options: LayoutOptions(width: 300))
        let lineHeight = free[1].typographicBounds.origin.y - free[0].typographicBounds.origin.y
        let layout = TextLayout(text, options: LayoutOptions(width: 300, height: lineHeight * 2.5))
        #expect(layout.isTruncated)
        #expect(layout.count == 2)
        #expect(layout.text.hasSuffix("…"))
    }

    @Test func whiteSpaceBeforeTheTokenIsDropped() {
        TestFonts.pin()
        for width in stride(from: 120.0, through: 200, by: 4) {
            let layout = TextLayout(RichText("alpha beta gamma delta epsilon zeta eta theta", style: Self.style),
                                    options: LayoutOptions(width: width, lineLimit: 1, truncation: Truncation(breakOn: .word)))
            #expect(!layout.text.contains(" …"))
            #expect(layout.text.hasSuffix("…"))
        }
    }

    @Test func tokenAloneWhenNothingElseFits() {
        TestFonts.pin()
        let layout = TextLayout(RichText("Supercalifragilistic", style: Self.style),
                                options: LayoutOptions(width: 40, lineLimit: 1, truncation: Truncation(token: .text("…more"))))
        #expect(layout.text == "…more")
        #expect(layout.isTruncated)
    }

    @Test func rightToLeftTextKeepsItsLogicalStart() {
        TestFonts.pin()
        let text = "שלום עולם זה טקסט ארוך מאוד בעברית שצריך לקצר אותו בשורה אחת בלבד"
        let layout = TextLayout(RichText(text, style: Self.style), options: LayoutOptions(width: 200, lineLimit: 1))
        #expect(layout.isTruncated)
        #expect(layout.count == 1)
        #expect(text.hasPrefix(String(layout.text.dropLast())))
    }

    @Test func measuringIsSafeFromManyThreads() async {
        TestFonts.pin()
        let text = Text(String(repeating: "Measure me from many threads at once. ", count: 8))
        let expected = text.measure(width: 240, lineLimit: 3)
        await withTaskGroup(of: TextMeasurement.self) { group in
            for _ in 0..<32 { group.addTask { text.measure(width: 240, lineLimit: 3) } }
            for await result in group { #expect(result == expected) }
        }
        #expect(expected.isTruncated && expected.lineCount == 3 && expected.fullLineCount > 3)
        #expect(expected.fullHeight > expected.height)
    }
}
