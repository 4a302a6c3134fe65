import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// OpenType features and variable-font axes set in a font object, in Swift and in scenes.
@Suite struct FontFeaturesTests {
    func layout(_ spans: [Span], font: FontDescriptor) -> TextLayout {
        TestFonts.pin()
        return TextLayout(RichText(spans: spans, baseStyle: Style(font: font)), options: LayoutOptions())
    }

    func advances(_ layout: TextLayout) -> [Double] { layout.glyphs.map { $0.typographicBounds.width } }

    @Test func tabularFiguresHaveEqualAdvances() {
        let digits = "0123456789"
        let proportional = advances(layout([Span(digits)], font: FontDescriptor(family: "Inter", size: 40)))
        let tabular = advances(layout([Span(digits)], font: FontDescriptor(family: "Inter", size: 40, features: ["tnum": 1])))
        #expect(Set(proportional.map { ($0 * 1000).rounded() }).count > 1, "Inter's default figures are proportional: \(proportional)")
        #expect(Set(tabular.map { ($0 * 1000).rounded() }).count == 1, "tnum figures differ: \(tabular)")
        #expect(tabular.count == 10)
    }

    @Test func swiftUINamesSetTheSameFeatures() {
        TestFonts.pin()
        let text = Text("Total 1111").font(.custom("Inter", size: 30)).monospacedDigit()
        let layout = TextLayout(text, options: LayoutOptions())
        #expect(layout.runs[0].style.features == ["tnum": 1])
        #expect(Font.body.smallCaps().descriptor.features == ["smcp": 1, "c2sc": 1])
        #expect(Font.body.lowercaseSmallCaps().uppercaseSmallCaps().descriptor.features == ["smcp": 1, "c2sc": 1])
        #expect(Font.custom("Inter", size: 12).variations(["wght": 650]).features(["ss01": 1]).descriptor.variations == ["wght": 650])
    }

    @Test func ligaturesTurnOff() {
        let on = layout([Span("office")], font: FontDescriptor(family: "DejaVu Sans", size: 30))
        let off = layout([Span("office")], font: FontDescriptor(family: "DejaVu Sans", size: 30, features: ["liga": 0]))
        #expect(on.glyphs.count < 6, "DejaVu Sans makes the ffi ligature by default")
        #expect(off.glyphs.count == 6)
        #expect(off.glyphs.map { String($0.text) } == ["o", "f", "f", "i", "c", "e"])
    }

    @Test func aSpanAddsFeaturesToItsBlocks() {
        let text = layout([Span("office 1111"), Span(" office 1111", style: Style(font: FontDescriptor(features: ["liga": 0])))],
                          font: FontDescriptor(family: "Inter", size: 30, features: ["tnum": 1]))
        let runs = text.runs
        #expect(runs.count == 2)
        #expect(runs[0].style.features == ["tnum": 1])
        #expect(runs[1].style.features == ["tnum": 1, "liga": 0])
        // tnum holds in both runs: every "1" is as wide as the others.
        let ones = text.glyphs.filter { $0.text == "1" }.map { ($0.typographicBounds.width * 1000).rounded() }
        #expect(ones.count == 8 && Set(ones).count == 1)
    }

    @Test func aVariationAxisChangesWeightAndAdvance() throws {
        let thin = layout([Span("mmm")], font: FontDescriptor(family: "Inter", size: 60, variations: ["wght": 100]))
        let black = layout([Span("mmm")], font: FontDescriptor(family: "Inter", size: 60, variations: ["wght": 900]))
        // Inter's advances grow with its weight: the axis reached the shaper.
        #expect(black.glyphs[0].typographicBounds.width > thin.glyphs[0].typographicBounds.width + 2)
        #expect(try ink(black) > 2 * ink(thin), "the axis reached the rasteriser")
    }

    func ink(_ layout: TextLayout) throws -> Int {
        let surface = try ImageSurface(width: 400, height: 100)
        var context = GraphicsContext(surface: surface)
        DefaultTextRenderer().draw(layout: layout, in: &context)
        var total = 0
        for y in 0..<100 { for x in 0..<400 { total += Int(surface.pixel(x: x, y: y).alpha * 255) } }
        return total
    }

    @Test func scenesReadFeaturesAndVariations() throws {
        TestFonts.pin()
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(#"""
            {"canvas": {"width": 400, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400},
              "style": {"font": {"family": "Inter", "size": 20, "features": {"tnum": 1, "ss01": true, "liga": false}, "variations": {"wght": 650}}},
              "text": [{"text": "a"}, {"text": "b", "font": {"variations": {"opsz": 32}}}]}]}
            """#.utf8))
        let font = try #require(scene.blocks[0].text.baseStyle.font)
        #expect(font.features == ["tnum": 1, "ss01": 1, "liga": 0])
        #expect(font.variations == ["wght": 650])
        #expect(scene.blocks[0].text.spans[1].style.font?.variations == ["opsz": 32])
    }

    @Test func badTagsAndValuesNameTheirPath() {
        let lines = sceneProblemLines(#"""
            {"canvas": {"width": 400, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400},
              "style": {"font": {"features": {"tabular": 1, "liga": 2.5, "kern": "on"}, "variations": {"wght": 1e9, "wd h": 1}}},
              "text": [{"text": "x", "font": {"variations": [1]}}]}]}
            """#)
        for expected in [
            #"s.json: blocks[0].style.font.features.tabular: "tabular" is not an OpenType tag"#,
            "s.json: blocks[0].style.font.features.liga:",
            "s.json: blocks[0].style.font.features.kern:",
            "s.json: blocks[0].style.font.variations.wght:",
            "s.json: blocks[0].text[0].font.variations:",
        ] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "no problem starting \(expected) in \(lines)")
        }
        // "wd h" is a valid tag (spaces may pad a tag, not lead it).
        #expect(!lines.contains { $0.contains("wd h") })
    }
}
