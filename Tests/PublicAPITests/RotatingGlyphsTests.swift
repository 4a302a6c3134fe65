import Foundation
import RenderPipeline
import Testing

/// A renderer a third party could write: nothing but RenderPipeline's public API.
///
/// Every glyph turns about its own centre by an angle that grows with `context.time`.
struct RotatingGlyphs: TextRenderer {
    /// Radians per second.
    var speed: Double

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let angle = speed * context.time
        for line in layout {
            for run in line {
                for glyph in run {
                    let box = glyph.typographicBounds.rect
                    var copy = context
                    copy.translateBy(x: box.midX, y: box.midY)
                    copy.rotate(by: angle)
                    copy.translateBy(x: -box.midX, y: -box.midY)
                    copy.draw(glyph)
                }
            }
        }
    }
}

@Suite struct RotatingGlyphsTests {
    init() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }

    /// The bounding box of dark pixels.
    func inkBox(_ surface: ImageSurface) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.pixel(x: x, y: y).red < 0.5 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    func render(time: Double) throws -> ImageSurface {
        // A single tall bar: upright at t = 0, lying on its side after a quarter turn.
        let text = RichText("I", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 80)))
        let layout = TextLayout(text, options: LayoutOptions(width: 200))
        let surface = try ImageSurface(width: 200, height: 120)
        var context = GraphicsContext(surface: surface, time: time)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 120)), with: .white)
        context.translateBy(x: 70, y: 0)
        RotatingGlyphs(speed: .pi / 2).draw(layout: layout, in: &context)
        return surface
    }

    @Test func glyphsRotateWithTime() throws {
        let upright = try #require(inkBox(render(time: 0)))
        let turned = try #require(inkBox(render(time: 1)))
        let uprightWidth = upright.maxX - upright.minX, uprightHeight = upright.maxY - upright.minY
        let turnedWidth = turned.maxX - turned.minX, turnedHeight = turned.maxY - turned.minY
        #expect(uprightHeight > 3 * uprightWidth, "t = 0 draws an upright bar (\(uprightWidth)×\(uprightHeight))")
        #expect(turnedWidth > 3 * turnedHeight, "t = 1 draws it turned a quarter (\(turnedWidth)×\(turnedHeight))")
        // It turned about its own centre.
        #expect(abs((upright.minX + upright.maxX) - (turned.minX + turned.maxX)) <= 4)
        #expect(abs((upright.minY + upright.maxY) - (turned.minY + turned.maxY)) <= 4)
    }

    @Test func atTimeZeroItDrawsWhatTheDefaultRendererDraws() throws {
        let text = RichText("Wave hello", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 30)))
        let layout = TextLayout(text, options: LayoutOptions(width: 300))
        func draw(_ renderer: any TextRenderer) throws -> ImageSurface {
            let surface = try ImageSurface(width: 300, height: 50)
            var context = GraphicsContext(surface: surface)
            renderer.draw(layout: layout, in: &context)
            return surface
        }
        let a = try draw(RotatingGlyphs(speed: 1)), b = try draw(DefaultTextRenderer())
        var differing = 0
        for y in 0..<50 { for x in 0..<300 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
    }

    /// Stacked with another renderer, the rotation applies to what that renderer hands down.
    @Test func stacksWithOtherRenderers() throws {
        struct Lift: TextRenderer {
            func draw(layout: TextLayout, in context: inout GraphicsContext) {
                var copy = context
                copy.translateBy(x: 0, y: -20)
                copy.draw(layout)
            }
        }
        let text = RichText("I", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 80)))
        let layout = TextLayout(text, options: LayoutOptions(width: 200))
        let surface = try ImageSurface(width: 200, height: 120)
        var context = GraphicsContext(surface: surface, time: 1)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 120)), with: .white)
        context.translateBy(x: 70, y: 20)
        RendererStack([Lift(), RotatingGlyphs(speed: .pi / 2)]).draw(layout: layout, in: &context)
        let box = try #require(inkBox(surface))
        let reference = try #require(inkBox(render(time: 1)))
        #expect(box.maxX - box.minX > 3 * (box.maxY - box.minY))
        #expect(abs(box.minY - reference.minY) <= 1)
    }
}
