import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Symbols (`{"symbol": …}`, `Image(systemName:)`) drawn from Material Icons, and template images.
@Suite struct SymbolTests {
    static let assets = InlineBoxTests.assets

    /// Draws a layout on a transparent surface and returns it with the layout.
    static func draw(_ text: RichText, width: Int = 300, height: Int = 120, scale: Double = 1) throws -> (TextLayout, ImageSurface) {
        TestFonts.pin()
        let layout = TextLayout(text, options: LayoutOptions())
        let surface = try ImageSurface(width: Int(Double(width) * scale), height: Int(Double(height) * scale))
        var context = GraphicsContext(surface: surface, scale: scale)
        context.draw(layout)
        return (layout, surface)
    }

    /// The bounding box (in pixels) of pixels more than half opaque inside `region`.
    static func ink(in surface: ImageSurface, region: CGRect) -> CGRect? {
        var box = CGRect.null
        let x0 = max(0, Int(region.minX.rounded(.down))), x1 = min(surface.width, Int(region.maxX.rounded(.up)))
        let y0 = max(0, Int(region.minY.rounded(.down))), y1 = min(surface.height, Int(region.maxY.rounded(.up)))
        for y in y0..<y1 {
            for x in x0..<x1 where surface.pixel(x: x, y: y).alpha > 0.5 {
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box.isNull ? nil : box
    }

    static func symbolRun(_ layout: TextLayout) throws -> (TextLayout.Run, InlineBox, SymbolBox) {
        let run = try #require(layout.runs.first { if case .symbol? = $0.inlineBox?.content { true } else { false } })
        let box = try #require(run.inlineBox)
        guard case .symbol(let symbol) = box.content else { throw SymbolTestError.notASymbol }
        return (run, box, symbol)
    }
    enum SymbolTestError: Error { case notASymbol }

    static func frame(of run: TextLayout.Run, _ box: InlineBox) -> CGRect {
        box.frame(at: CGPoint(x: run[0].typographicBounds.origin.x, y: run.typographicBounds.origin.y))
    }

    @Test(arguments: ["#FF2D55", "#0A84FF", "#34C759", "#1C1C1E"])
    func aSymbolIsDrawnInItsSpansColour(hex: String) throws {
        let color = try #require(Color(parsing: hex))
        let text = RichText(spans: [Span("Love "), Span(symbol: Symbol("heart.fill"), style: Style(color: .color(color)))],
                            baseStyle: Style(font: FontDescriptor(size: 40), color: .color(.black)))
        let (layout, surface) = try Self.draw(text)
        let (run, box, _) = try Self.symbolRun(layout)
        let frame = Self.frame(of: run, box)
        var solid = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) {
                let pixel = surface.pixel(x: x, y: y)
                guard pixel.alpha > 0.99 else { continue }
                solid += 1
                #expect(close(Color(red: pixel.red, green: pixel.green, blue: pixel.blue), color, within: 1.0 / 255 + 1e-9),
                        "pixel \(x),\(y) is \(pixel), not \(hex)")
            }
        }
        // A 40 pt heart covers a good part of its 40 × 40 box.
        #expect(solid > 500, "\(solid) solid pixels")
        // The text beside it keeps its own colour.
        let text0 = try #require(Self.ink(in: surface, region: CGRect(x: 0, y: 0, width: frame.minX - 2, height: 120)))
        let sample = surface.pixel(x: Int(text0.minX) + 2, y: Int(text0.midY))
        #expect(sample.alpha < 0.5 || (sample.red < 0.3 && sample.green < 0.3 && sample.blue < 0.3))
    }

    @Test func aFillEffectAndAGradientPaintTheSymbolToo() throws {
        let gradient = Paint.linearGradient(LinearGradient(colors: [.red, .blue], angle: 0))
        let text = RichText(spans: [Span(symbol: Symbol("circle.fill"), style: Style(color: gradient))],
                            baseStyle: Style(font: FontDescriptor(size: 60)))
        let (layout, surface) = try Self.draw(text)
        let (run, box, _) = try Self.symbolRun(layout)
        let frame = Self.frame(of: run, box)
        let left = surface.pixel(x: Int(frame.minX + frame.width * 0.2), y: Int(frame.midY))
        let right = surface.pixel(x: Int(frame.minX + frame.width * 0.8), y: Int(frame.midY))
        #expect(left.red > left.blue && right.blue > right.red, "\(left) \(right)")
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .small, .large, .xxxLarge, .accessibility1, .accessibility3, .accessibility5])
    func aSymbolsHeightFollowsTheSizeCategory(category: DynamicTypeSize) throws {
        TestFonts.pin()
        for style in [TextStyle.body, .title, .caption] {
            let size = style.pointSize(for: category)
            for scale in Image.Scale.allCases {
                let text = RichText(spans: [Span("Pay "), Span(symbol: Symbol("circle.fill", scale: scale))],
                                    baseStyle: Style(font: .system(style)))
                let layout = TextLayout(text, options: LayoutOptions(environment: TextEnvironment(sizeCategory: category)))
                let (_, box, _) = try Self.symbolRun(layout)
                // The box is the icon's em square: the font size times the scale.
                #expect(abs(box.rect.height - size * scale.factor) < 0.001, "\(style) \(scale) at \(category)")
                #expect(abs(box.rect.width - size * scale.factor) < 0.02)
            }
        }
        // Drawn: the circle's ink is 20 of the grid's 24 units of the em, at every size.
        let size = TextStyle.body.pointSize(for: category)
        let text = RichText(spans: [Span(symbol: Symbol("circle.fill"))], baseStyle: Style(font: .system(.body)))
        let layout = TextLayout(text, options: LayoutOptions(environment: TextEnvironment(sizeCategory: category)))
        let surface = try ImageSurface(width: 8 * 100, height: 8 * 120)
        var context = GraphicsContext(surface: surface, scale: 8)
        context.draw(layout)
        let ink = try #require(Self.ink(in: surface, region: CGRect(x: 0, y: 0, width: surface.width, height: surface.height)))
        #expect(abs(ink.height / 8 - size * 20 / 24) < 0.5, "ink \(ink.height / 8) pt for \(size) pt")
    }

    @Test func scalesAreSFSymbolsRelativeSizes() throws {
        TestFonts.pin()
        var heights: [Image.Scale: Double] = [:]
        for scale in Image.Scale.allCases {
            let text = Text(Image(systemName: "star.fill").imageScale(scale)).font(.body)
            let layout = TextLayout(text, options: LayoutOptions())
            heights[scale] = try Self.symbolRun(layout).1.rect.height
        }
        #expect(heights[.medium] == 17)
        #expect(abs(heights[.small]! / heights[.medium]! - 0.78) < 1e-9 && abs(heights[.large]! / heights[.medium]! - 1.29) < 1e-9)
        // Text.imageScale sets symbols that have no scale of their own.
        let text = Text("a \(Image(systemName: "star.fill")) b \(Image(systemName: "star").imageScale(.small))").imageScale(.large)
        let scales = text.spans.compactMap { if case .symbol(let s) = $0.content { s.scale } else { nil } }
        #expect(scales == [.large, .small])
    }

    /// The vertical centre of the symbol's ink is half the cap height above the baseline (SF
    /// Symbols centre on the cap height), whatever the font, size or scale.
    @Test(arguments: ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"])
    func aSymbolIsCentredOnTheCapHeight(family: String) throws {
        for (size, scale) in [(24.0, Image.Scale.medium), (40, .small), (40, .large), (13, .medium)] {
            let text = RichText(spans: [Span("H"), Span(symbol: Symbol("circle.fill", scale: scale)), Span("H")],
                                baseStyle: Style(font: FontDescriptor(family: family, size: size)))
            let (layout, surface) = try Self.draw(text, width: 200, height: 100, scale: 4)
            let (run, box, _) = try Self.symbolRun(layout)
            let frame = Self.frame(of: run, box)
            let baseline = layout[0].typographicBounds.origin.y
            let h = try #require(Self.ink(in: surface, region: CGRect(x: 0, y: 0, width: frame.minX * 4 - 1, height: 400)))
            let capHeight = baseline - h.minY / 4
            let circle = try #require(Self.ink(in: surface, region: CGRect(x: frame.minX * 4, y: 0, width: frame.width * 4, height: 400)))
            let centre = circle.midY / 4
            #expect(abs(centre - (baseline - capHeight / 2)) < 0.5, "\(family) \(size) \(scale): centre \(centre), cap middle \(baseline - capHeight / 2)")
            // The H on the other side sits on the same baseline: the symbol moves no text.
            #expect(layout.runs.filter { $0.inlineBox == nil }.allSatisfy { $0.typographicBounds.origin.y == baseline })
        }
    }

    @Test func baselineOffsetRaisesTheSymbol() throws {
        TestFonts.pin()
        func top(_ offset: Double?) throws -> Double {
            let text = RichText(spans: [Span("H"), Span(symbol: Symbol("globe"), style: Style(baselineOffset: offset))],
                                baseStyle: Style(font: FontDescriptor(size: 20)))
            return try Self.symbolRun(TextLayout(text, options: LayoutOptions())).1.rect.minY
        }
        #expect(abs(try top(5) - (try top(nil) - 5)) < 1e-9)
    }

    @Test func anSFNameAndItsMaterialNameGiveTheSameGlyph() throws {
        TestFonts.pin()
        func glyph(_ name: String) throws -> (UInt32, String) {
            let layout = TextLayout(Text(Image(systemName: name)), options: LayoutOptions())
            let symbol = try Self.symbolRun(layout).2
            let run = try #require(symbol.layout?.runs.first)
            #expect(!run[0].record.isMissing, "\(name) has no glyph")
            return (run[0].glyphID, run.font.family)
        }
        for (sf, material) in [("heart.fill", "favorite"), ("heart", "favorite_border"), ("globe", "public"),
                               ("magnifyingglass", "search"), ("gear", "settings"), ("square.and.arrow.up", "ios_share")] {
            let a = try glyph(sf), b = try glyph(material)
            #expect(a == b, "\(sf) vs \(material)")
            #expect(a.1 == SymbolCatalog.fontFamily)
        }
        #expect(try glyph("heart.fill").0 != (try glyph("heart").0))
        // A dotted name not in the table is tried with underscores.
        #expect(try glyph("lock.open") == (try glyph("lock_open")))
    }

    @Test func everyTableEntryHasAGlyphInTheFont() throws {
        TestFonts.pin()
        let catalog = try SymbolCatalog.shared.get()
        #expect(catalog.materialCodepoints.count > 2000)
        let names = SFSymbolNames.material.keys.sorted()
        #expect(names.count >= 150)
        let spans = names.map { Span(symbol: Symbol($0)) }
        let layout = TextLayout(RichText(spans: spans), options: LayoutOptions(width: 400))
        let boxes = layout.runs.compactMap { run -> SymbolBox? in
            if case .symbol(let box)? = run.inlineBox?.content { box } else { nil }
        }
        #expect(boxes.count == names.count)
        for box in boxes {
            let run = try #require(box.layout?.runs.first, "\(box.name) unknown")
            #expect(run.font.family == SymbolCatalog.fontFamily && run.count == 1 && !run[0].record.isMissing, "\(box.name)")
        }
    }

    @Test func unknownNamesAreSceneErrorsWithTheirPath() {
        let lines = sceneProblemLines(#"""
        {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100},
         "text": [{"text": "Hi "}, {"symbol": "hart.fill"}, {"symbol": "star", "scale": "huge"}, {"text": "x", "scale": "large"},
                  {"text": "y", "template": true}, {"symbol": ""}, {"symbol": "gear", "image": "a.png"}]}]}
        """#)
        #expect(lines.contains { $0.hasPrefix(#"s.json: blocks[0].text[1].symbol: "hart.fill" is not a known symbol (close: "#) && $0.contains("heart.fill") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"s.json: blocks[0].text[2].scale: "huge" is not one of: small, medium, large"#) }, "\(lines)")
        #expect(lines.contains("s.json: blocks[0].text[3].scale: applies only to symbol spans"), "\(lines)")
        #expect(lines.contains("s.json: blocks[0].text[4].template: applies only to image spans"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[5].symbol: a symbol span needs a name") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("s.json: blocks[0].text[6]: has image and symbol") }, "\(lines)")
        let suggestions = (try? SymbolCatalog.shared.get())?.suggestions(for: "magnifyingglas")
        #expect(suggestions?.first == "magnifyingglass", "\(suggestions ?? [])")
        // The Swift API draws nothing for an unknown name, as SwiftUI does.
        let layout = TextLayout(Text(Image(systemName: "no.such.symbol")), options: LayoutOptions())
        let box = layout.runs.first?.inlineBox
        #expect(box?.rect.width == 0)
        if case .symbol(let symbol)? = box?.content { #expect(symbol.layout == nil) } else { Issue.record("no symbol box") }
    }

    @Test func sceneSymbolSpansDecodeAsTheSwiftAPIBuildsThem() throws {
        TestFonts.pin()
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(#"""
        {"canvas": {"width": 300, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300},
         "text": [{"text": "Hello "}, {"symbol": "globe", "scale": "large", "color": "#0A84FF", "link": "https://example.com/world", "alt": "🌐"}]}]}
        """#.utf8), displayName: "s.json", baseDirectory: nil)
        let span = try #require(scene.blocks[0].text.spans.last)
        #expect(span.content == .symbol(Symbol("globe", scale: .large)))
        #expect(span.alt == "🌐" && span.link == "https://example.com/world")
        let text = Text("Hello \(Image(systemName: "globe").imageScale(.large))")
        #expect(text.spans.count == 2 && text.spans[1].content == span.content)
        #expect(Text(Image(systemName: "globe")).spans[0].content == .symbol(Symbol("globe")))
    }

    @Test func exportedTextLinkTextAndTheDumpUseTheAlt() throws {
        TestFonts.pin()
        let text = RichText(spans: [Span("Hello "), Span(symbol: Symbol("globe")), Span(" "),
                                    Span(symbol: Symbol("heart.fill"), alt: "♥", link: "https://example.com/like")])
        let layout = TextLayout(text, options: LayoutOptions())
        #expect(layout.text == "Hello \u{FFFC} \u{FFFC}")
        #expect(layout.exportedText == "Hello globe ♥")
        #expect(text.exportedText == layout.exportedText)
        #expect(TextMeasurement(layout).text == "Hello globe ♥")
        #expect(layout.links.map(\.text) == ["♥"])
        let dump = try String(decoding: LayoutDump.encode(LayoutDump(layout)), as: UTF8.self)
        #expect(dump.contains(#""kind" : "symbol""#) && dump.contains(#""content" : "heart.fill""#) && dump.contains(#""alt" : "♥""#))
        #expect(Text(Image(systemName: "globe")).accessibilityLabel("World").richText().exportedText == "World")
    }

    @Test(arguments: ["bolt-template.svg", "dot.png"])
    func templateImagesTakeTheTextColour(file: String) throws {
        let image = try Image(contentsOfFile: Self.assets.appendingPathComponent(file).path)
        let purple = Color(red: 0.5, green: 0.1, blue: 0.9)
        for mode in [Image.TemplateRenderingMode.template, .original] {
            let text = Text(image.renderingMode(mode)).foregroundColor(purple).font(.system(size: 64))
            let (layout, surface) = try Self.draw(text.richText(), width: 100, height: 100)
            let run = try #require(layout.runs.first { $0.inlineBox != nil })
            let frame = Self.frame(of: run, try #require(run.inlineBox))
            var solid = 0, purplePixels = 0
            for y in Int(frame.minY)..<Int(frame.maxY) {
                for x in Int(frame.minX)..<Int(frame.maxX) {
                    let pixel = surface.pixel(x: x, y: y)
                    guard pixel.alpha > 0.99 else { continue }
                    solid += 1
                    if close(Color(red: pixel.red, green: pixel.green, blue: pixel.blue), purple, within: 1.0 / 255 + 1e-9) { purplePixels += 1 }
                }
            }
            #expect(solid > 300, "\(file) \(mode)")
            if mode == .template {
                #expect(purplePixels == solid, "\(file): \(solid - purplePixels) pixels not in the text colour")
            } else {
                #expect(purplePixels == 0, "\(file): the original image keeps its colours")
            }
        }
        // In a scene, "template": true.
        let scene = try SceneDecoder(effects: .builtIn).decode(Data("""
        {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100},
         "text": [{"image": "\(file)", "template": true, "color": "red"}]}]}
        """.utf8), displayName: "s.json", baseDirectory: Self.assets)
        guard case .image(let decoded, _)? = scene.blocks[0].text.spans.first?.content else { Issue.record("no image"); return }
        #expect(decoded.renderingMode == .template && decoded.isTemplate)
    }
}
