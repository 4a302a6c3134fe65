import Foundation
import RenderPipeline
import Testing

/// SwiftUI's underline and strikethrough modifiers and `Text.LineStyle`, as app code writes
/// them: the line is drawn where and how the pattern says.
@Suite struct TextLineStyleAPITests {
    /// Draws every line as laid out.
    struct Plain: TextRenderer {
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            for line in layout { context.draw(line) }
        }
    }

    /// `text` (no descenders) drawn, and the rows a decoration of it can fall in: just under the
    /// baseline for an underline, around the middle of the x-height for a strikethrough.
    func draw(_ text: Text) throws -> (surface: ImageSurface, underline: ClosedRange<Int>, strike: ClosedRange<Int>, columns: Range<Int>) {
        let layout = Canvas.layout(text.font(Fixtures.font(40)))
        let surface = try Canvas.render(Plain(), layout)
        let line = layout[0].typographicBounds
        let baseline = Int(Canvas.margin + line.origin.y)
        let columns = Int(Canvas.margin + line.rect.minX) + 2..<Int(Canvas.margin + line.rect.maxX) - 2
        return (surface, baseline + 1...baseline + 6, baseline - 16...baseline - 8, columns)
    }

    /// For each column, whether any pixel in `rows` is near `color`.
    func marked(_ surface: ImageSurface, rows: ClosedRange<Int>, columns: Range<Int>, color: Color) -> [Bool] {
        columns.map { x in rows.contains { y in isClose(surface.pixel(x: x, y: y), color, within: 0.3) } }
    }

    /// The lengths of the runs of `true` in `marks`, without the first and last (cut by the ends).
    func runLengths(_ marks: [Bool]) -> [Int] {
        var lengths: [Int] = [], current = 0
        for mark in marks {
            if mark { current += 1 } else if current > 0 { lengths.append(current); current = 0 }
        }
        if current > 0 { lengths.append(current) }
        return Array(lengths.dropFirst().dropLast())
    }

    @Test func aPlainUnderlineIsSolidUnderTheWholeText() throws {
        let plain = try draw(Text("mmmm"))
        #expect(!marked(plain.surface, rows: plain.underline, columns: plain.columns, color: .black).contains(true))
        let underlined = try draw(Text("mmmm").underline())
        #expect(marked(underlined.surface, rows: underlined.underline, columns: underlined.columns, color: .black).allSatisfy { $0 })
        let red = try draw(Text("mmmm").underline(color: .red))
        #expect(marked(red.surface, rows: red.underline, columns: red.columns, color: .red).allSatisfy { $0 })
    }

    @Test func patternsDashAndDot() throws {
        let dashed = try draw(Text("mmmmmm").underline(pattern: .dash, color: .red))
        let dashes = runLengths(marked(dashed.surface, rows: dashed.underline, columns: dashed.columns, color: .red))
        #expect(dashes.count >= 4 && Set(dashes).count <= 2 && dashes.max()! - dashes.min()! <= 1, "\(dashes)")

        let dashDot = try draw(Text("mmmmmm").underline(pattern: .dashDot, color: .red))
        let mixed = runLengths(marked(dashDot.surface, rows: dashDot.underline, columns: dashDot.columns, color: .red))
        #expect(mixed.count >= 4 && mixed.max()! - mixed.min()! >= 2, "dashes and dots: \(mixed), dashes \(dashes)")

        let dotted = try draw(Text("mmmmmm").underline(pattern: .dot, color: .red))
        let dots = runLengths(marked(dotted.surface, rows: dotted.underline, columns: dotted.columns, color: .red))
        #expect(dots.count > dashes.count && dots.max()! <= dashes.min()!, "dots \(dots), dashes \(dashes)")
    }

    @Test func strikethroughCrossesTheMiddleOfTheText() throws {
        let struck = try draw(Text("mmmm").strikethrough(color: .blue))
        #expect(marked(struck.surface, rows: struck.strike, columns: struck.columns, color: .blue).allSatisfy { $0 })
        #expect(!marked(struck.surface, rows: struck.underline, columns: struck.columns, color: .blue).contains(true))
        let patterned = try draw(Text("mmmm").strikethrough(pattern: .dashDotDot, color: .blue))
        #expect(marked(patterned.surface, rows: patterned.strike, columns: patterned.columns, color: .blue).contains(false))
    }

    @Test func anInnerModifierWins() throws {
        let kept = try draw(Text("mmmm").underline(false).underline())
        #expect(!marked(kept.surface, rows: kept.underline, columns: kept.columns, color: .black).contains(true))
        #expect(Text.LineStyle() == .single && Text.LineStyle(pattern: .dash, color: .red).color == .red)
    }
}
