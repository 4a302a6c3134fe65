import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The fit model wraps a text's full-size advances as Pango wraps them: what makes a fitted
/// title cost two layouts at new sizes rather than a bisection's sixteen.
@Suite struct FitModelTests {
    static let words = ["Nordic", "oak", "reading", "lamp", "with", "a", "dimmer,", "Crème", "brûlée", "glaze", "set", "of", "two",
                        "hand-finished", "über-soft", "fringe", "USB-C", "charging", "port", "café", "—", "limited", "édition"]

    /// Random titles, widths and sizes, and the model of each at full size.
    static func cases() -> [(label: String, text: RichText, options: LayoutOptions, model: FitModel)] {
        TestFonts.pin()
        return (0..<40).map { seed in
            var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
            let string = (0..<Int.random(in: 2...18, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            let size = Double(Int.random(in: 14...72, using: &rng))
            let text = RichText(string, style: Style(font: FontDescriptor(family: "Inter", size: size, weight: .heavy)))
            let options = LayoutOptions(width: Double(Int.random(in: 120...600, using: &rng)), lineSpacing: -Double(Int.random(in: 0...6, using: &rng)))
            let builder = PangoLayoutBuilder(text: text, options: options, fonts: .system)
            let model = PangoLock.withLock { FitModel(layout: builder.makeLayout(builder.text, context: builder.makeContext()), options: options) }
            return ("seed \(seed): \"\(string)\" \(size) pt at \(options.width!)", text, options, model)
        }
    }

    @Test func itWrapsTheFullSizeTextIntoPangosLines() {
        for (label, text, options, model) in Self.cases() {
            let layout = TextLayout(text, options: options)
            #expect(model.lineCount(width: options.width, tightening: 0) == layout.count, "\(label)")
        }
    }

    @Test func itPredictsTheLinesAtOtherScales() {
        var agreed = 0, total = 0
        for (_, text, options, model) in Self.cases() {
            for scale in [0.55, 0.7, 0.85, 0.95] {
                var scaled = options
                scaled.fit = TextFit(scale: scale)
                let actual = TextLayout(text, options: scaled).count
                let predicted = model.lineCount(width: options.width! / scale, tightening: 0)
                total += 1
                if predicted == actual { agreed += 1 }
            }
        }
        // Where they differ (6 of 160 cases with the pinned fonts), words wider than a line of
        // 128–170 pt are broken between characters, which Pango does differently from the model:
        // the search then gallops a few more probes.
        #expect(Double(agreed) >= 0.95 * Double(total), "the model agreed with Pango on \(agreed) of \(total)")
    }

    @Test func itCountsTheWhiteSpaceThatEndsAWrappedLine() throws {
        TestFonts.pin()
        // At 200 pt wide each word is a line of its own, so Pango empties both spaces.
        let text = RichText("Arc Desk Lamp", style: Style(font: FontDescriptor(family: "Inter", size: 52, weight: .heavy)))
        let options = LayoutOptions(width: 200)
        let builder = PangoLayoutBuilder(text: text, options: options, fonts: .system)
        let model = PangoLock.withLock { FitModel(layout: builder.makeLayout(builder.text, context: builder.makeContext()), options: options) }
        let spaces = model.characters.enumerated().filter { Array("Arc Desk Lamp")[$0.offset] == " " }.map(\.element.advance)
        #expect(spaces.count == 2)
        #expect(spaces.allSatisfy { $0 > 5 }, "\(spaces)")
        let oneLine = TextLayout(text, options: LayoutOptions()).textSize.width
        #expect(model.lineCount(width: oneLine + 0.01, tightening: 0) == 1)
        #expect(model.lineCount(width: oneLine - 1, tightening: 0) == 2)
    }
}
