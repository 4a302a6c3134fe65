import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The `vary` effect animates variable-font axes glyph by glyph, glyphs staying in place.
@Suite struct VaryEffectTests {
    static let ramp = Keyframed<Double>.keyframes([Keyframe(time: 0, value: 100), Keyframe(time: 1, value: 900)])

    func layout(_ text: String) -> TextLayout {
        PinnedFonts.use()
        return TextLayout(RichText(text, style: Style(font: FontDescriptor(family: "Inter", size: 80))), options: LayoutOptions())
    }

    func render(_ layout: TextLayout, _ effect: VaryEffect, time: Double) throws -> ImageSurface {
        let surface = try ImageSurface(width: 500, height: 120)
        var context = GraphicsContext(surface: surface, time: time)
        context.translateBy(x: 10, y: 10)
        effect.draw(layout: layout, in: &context)
        return surface
    }

    /// Summed coverage in the columns `x0..<x1` (layout coordinates).
    func ink(_ surface: ImageSurface, from x0: Double, to x1: Double) -> Int {
        var total = 0
        for y in 0..<surface.height {
            for x in Int(x0 + 10)..<Int(x1 + 10) { total += Int(surface.pixel(x: x, y: y).alpha * 255) }
        }
        return total
    }

    /// The widest run of covered pixels along the middle row of the glyph: its stem.
    func stemWidth(_ surface: ImageSurface, glyph: Text.Layout.RunSlice) -> Int {
        let bounds = glyph.typographicBounds
        let y = Int(bounds.origin.y - bounds.ascent * 0.35) + 10
        var widest = 0, current = 0
        for x in Int(bounds.origin.x + 10)..<Int(bounds.origin.x + bounds.width + 10) {
            if surface.pixel(x: x, y: y).alpha > 0.5 { current += 1; widest = max(widest, current) } else { current = 0 }
        }
        return widest
    }

    @Test func theWeightAxisThickensStemsFrameByFrame() throws {
        let layout = layout("l")
        let effect = VaryEffect(axes: ["wght": Self.ramp], stagger: 0)
        let glyph = layout.glyphs[0]
        let widths = try stride(from: 0.0, through: 1.0, by: 0.25).map { try stemWidth(render(layout, effect, time: $0), glyph: glyph) }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "stem widths \(widths) do not grow frame by frame")
        #expect(widths.last! >= 3 * widths.first!, "900 is far heavier than 100: \(widths)")
    }

    @Test func glyphsStayWhereLayoutPutThem() throws {
        let layout = layout("Hamburg")
        let effect = VaryEffect(axes: ["wght": .constant(900)])
        let varied = try render(layout, effect, time: 0)
        // Each heavy glyph sits where the regular one does: it thickens in place (a little to the
        // right, as its advance would grow), the pen positions of the layout unchanged; laid out
        // again at 900 the last glyphs would sit some 30 pt further right.
        let plainSurface = try ImageSurface(width: 500, height: 120)
        var context = GraphicsContext(surface: plainSurface)
        context.translateBy(x: 10, y: 10)
        DefaultTextRenderer().draw(layout: layout, in: &context)
        func inkCentre(_ surface: ImageSurface, of glyph: Text.Layout.RunSlice) -> Double {
            let x0 = Int(glyph.typographicBounds.origin.x) + 10, x1 = Int(glyph.typographicBounds.origin.x + glyph.typographicBounds.width) + 10
            let columns = (x0..<x1).filter { x in (0..<surface.height).contains { surface.pixel(x: x, y: $0).alpha > 0.5 } }
            return Double(columns.first! + columns.last!) / 2
        }
        for glyph in layout.glyphs where glyph.text != "m" {
            #expect(abs(inkCentre(varied, of: glyph) - inkCentre(plainSurface, of: glyph)) <= 4, "\(glyph.text) moved")
        }
        #expect(ink(varied, from: 0, to: 480) > ink(plainSurface, from: 0, to: 480) * 3 / 2)
    }

    @Test func eachUnitRunsTheKeyframesAStaggerLater() throws {
        let layout = layout("llll")
        let effect = VaryEffect(axes: ["wght": Self.ramp], unit: .glyph, stagger: 0.25)
        let surface = try render(layout, effect, time: 0.5)
        let widths = layout.glyphs.map { stemWidth(surface, glyph: $0) }
        // At 0.5 s the glyphs are at 0.5, 0.25, 0 and 0 of the ramp: heaviest first.
        #expect(widths[0] > widths[1] && widths[1] > widths[2], "\(widths)")
        #expect(widths[2] == widths[3])
        #expect(effect.variations(unitIndex: 1, time: 0.5) == ["wght": 300])
    }

    @Test func aFontWithoutTheAxisDrawsUnchanged() throws {
        PinnedFonts.use()
        let layout = TextLayout(RichText("DejaVu", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 40))), options: LayoutOptions())
        let varied = try render(layout, VaryEffect(axes: ["wght": .constant(900)]), time: 0)
        let surface = try ImageSurface(width: 500, height: 120)
        var context = GraphicsContext(surface: surface)
        context.translateBy(x: 10, y: 10)
        DefaultTextRenderer().draw(layout: layout, in: &context)
        #expect(identical(varied, surface))
    }

    @Test func scenesDecodeTheEffectAndReportBadAxes() {
        let good = problemLines(decoding: #"""
            {"canvas": {"width": 400, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "text": "x",
              "effects": [{"type": "vary", "axes": {"wght": [{"t": 0, "value": 100}, {"t": 1, "value": 900, "easing": "spring"}], "wdth": 90}, "unit": "word", "stagger": 0.1}]}]}
            """#)
        #expect(good.isEmpty, "\(good)")
        let bad = problemLines(decoding: #"""
            {"canvas": {"width": 400, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "text": "x",
              "effects": [{"type": "vary"}, {"type": "vary", "axes": {"weight": 700}}, {"type": "vary", "axes": {"wght": [{"t": 0, "value": "bold"}]}}]}]}
            """#)
        for expected in ["s.json: blocks[0].effects[0].axes: is required",
                         #"s.json: blocks[0].effects[1].axes.weight: "weight" is not an OpenType tag"#,
                         "s.json: blocks[0].effects[2].axes.wght[0].value:"] {
            #expect(bad.contains { $0.hasPrefix(expected) }, "no problem starting \(expected) in \(bad)")
        }
    }
}
