import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `GraphicsContext.drawSegments`: the parts a selector leaves out are drawn as they are, the
/// selected ones by the effect, each with its own copy of the context. Checked on pixels.
@Suite struct DrawSegmentsTests {
    static let style = Style(font: FontDescriptor(family: "Sans", size: 28))
    static let red = Color(red: 1, green: 0, blue: 0)

    /// "plain marked plain", the middle word carrying the custom attribute `mark`.
    func markedLayout() -> TextLayout {
        PinnedFonts.use()
        let text = RichText(spans: [Span("plain "), Span("marked", attributes: AttributeSet(json: ["mark": .object([:])])), Span(" plain")],
                            baseStyle: Self.style)
        return TextLayout(text, options: LayoutOptions(width: 600))
    }

    @Test func unselectedPartsAreDrawnAsTheyAreAndSelectedOnesTransformed() throws {
        let layout = markedLayout()
        let plain = try render(layout, DefaultTextRenderer())
        let recolored = try render(layout, Recolor(selector: .attribute("mark"), cutFirst: false))
        // Only pixels within the marked word's box (and its ink's overhang) change…
        let marked = try #require(layout.runs.first { $0.attributes.contains("mark") }).typographicBounds.rect
        let box = marked.offsetBy(dx: 10, dy: 20).insetBy(dx: -4, dy: -4)
        let changed = differingPixels(plain, recolored)
        #expect(changed.count > 100)
        let outside = changed.filter { !box.contains(CGPoint(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }
        #expect(outside.isEmpty, "\(outside.count) pixels changed outside the selected word")
        // …and they turn red.
        let reddened = changed.filter { let c = recolored.pixel(x: $0.x, y: $0.y); return c.red > 0.9 && c.green < 0.2 && c.blue < 0.2 }
        #expect(reddened.count > 50)
    }

    @Test func segmentsCutBeforehandDrawTheSame() throws {
        let layout = markedLayout()
        #expect(identical(try render(layout, Recolor(selector: .attribute("mark"), cutFirst: true)),
                          try render(layout, Recolor(selector: .attribute("mark"), cutFirst: false))))
    }

    /// Three selected words, each moved 30 points down by its closure: had the closures shared
    /// one context, the second and third would be 60 and 90 points down.
    @Test func eachSelectedPartGetsItsOwnCopyOfTheContext() throws {
        PinnedFonts.use()
        let layout = TextLayout(RichText("one two three", style: Self.style), options: LayoutOptions(width: 600))
        #expect(TextSelector.range(.word, start: 0, end: nil).segments(of: layout).filter(\.isSelected).count == 3)
        let lowered = try render(layout, Lower(selector: .range(.word, start: 0, end: nil)))
        #expect(identical(lowered, try render(layout, Lower(selector: .all))))
        #expect(!identical(lowered, try render(layout, DefaultTextRenderer())))
    }
}

/// Paints the selected text red.
private struct Recolor: TextRenderer {
    var selector: TextSelector
    /// Whether to cut the segments first and draw those, as effects that measure the selection do.
    var cutFirst: Bool

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let paint = Paint.color(DrawSegmentsTests.red)
        if cutFirst {
            context.drawSegments(selector.segments(of: layout)) { part, context in
                context.foregroundPaint = paint
                context.draw(part)
            }
        } else {
            context.drawSegments(of: layout, selectedBy: selector) { part, context in
                context.foregroundPaint = paint
                context.draw(part)
            }
        }
    }
}

/// Draws the selected text 30 points lower, moving the context it is handed.
private struct Lower: TextRenderer {
    var selector: TextSelector

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            context.translateBy(x: 0, y: 30)
            context.draw(part)
        }
    }
}
