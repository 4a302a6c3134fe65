import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Images and tags as atomic inline boxes: geometry, line breaking, Dynamic Type, drawing, export.
@Suite struct InlineBoxTests {
    static let assets = TestFonts.repositoryRoot.appendingPathComponent("Scenes/assets")
    static func image(_ name: String) throws -> Image {
        try Image(contentsOfFile: assets.appendingPathComponent(name).path)
    }

    static let badge = InlineTag("京东超市", background: .color(Color(parsing: "#E4393C")!), cornerRadius: 4,
                                 padding: CGSize(width: 4, height: 1))
    static func productTitle() -> RichText {
        RichText(spans: [
            Span(tag: badge, style: Style(font: .system(.caption), color: .color(.white))),
            Span(" 德芙 Dove 丝滑牛奶巧克力 252g 碗装 休闲零食 糖果 生日礼物 送女友 零食大礼包"),
        ], baseStyle: Style(font: .system(.body)))
    }

    @Test func theBadgeNeverBreaksAtAnyWidth() {
        TestFonts.pin()
        let text = Self.productTitle()
        var checked = 0
        for width in stride(from: 100.0, through: 600, by: 2) {
            for category in [DynamicTypeSize.large, .accessibility3] {
                let options = LayoutOptions(width: width, environment: TextEnvironment(sizeCategory: category, language: "zh-CN"))
                let layout = TextLayout(text, options: options)
                let boxRuns = layout.runs.filter { $0.inlineBox != nil }
                #expect(boxRuns.count == 1, "width \(width) \(category): \(boxRuns.count) badge runs")
                guard let run = boxRuns.first, let box = run.inlineBox, case .tag(let tag) = box.content else { continue }
                // Whole: the run is exactly the badge's one character, on the first line, one glyph.
                #expect(run.characterRange == 0..<3 && run.count == 1 && run.lineIndex == 0, "width \(width)")
                #expect(abs(run.typographicBounds.width - box.rect.width) < 0.001)
                // Its own text is laid out on a single line inside the box.
                #expect(tag.layout.count == 1)
                let frame = box.frame(at: CGPoint(x: run[0].typographicBounds.origin.x, y: run.typographicBounds.origin.y))
                // Only a badge wider than the whole line may stick out (it cannot be broken).
                #expect(frame.minX >= -0.001 && frame.maxX <= max(width, box.rect.width) + 0.001, "width \(width): badge \(frame) leaves the line")
                // The badge's text baseline sits on the line's baseline.
                let tagBaseline = frame.minY + tag.textOffset.height + (tag.layout.first?.typographicBounds.origin.y ?? 0)
                #expect(abs(tagBaseline - layout[0].typographicBounds.origin.y) < 0.001)
                checked += 1
            }
        }
        #expect(checked == 502)
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge, .accessibility1, .accessibility3, .accessibility5])
    func imageHeightFollowsTheSizeCategory(category: DynamicTypeSize) throws {
        TestFonts.pin()
        let logo = try Self.image("logo.svg")
        for style in [TextStyle.body, .title, .caption2] {
            let text = RichText(spans: [Span("Pay with "), Span(image: logo, alt: "Logo")], baseStyle: Style(font: .system(style)))
            let layout = TextLayout(text, options: LayoutOptions(environment: TextEnvironment(sizeCategory: category)))
            let box = try #require(layout.runs.compactMap(\.inlineBox).first)
            let expected = style.pointSize(for: category)
            #expect(abs(box.rect.height - expected) < 0.001, "\(style) at \(category)")
            #expect(abs(box.rect.width - expected * logo.aspectRatio) < 0.001)
            #expect(abs(box.rect.maxY) < 0.001, "the image's bottom sits on the baseline")
        }
    }

    @Test func fixedHeightAspectRatioAndBaselineOffset() throws {
        TestFonts.pin()
        let dot = try Self.image("dot.png")
        #expect(dot.size == CGSize(width: 96, height: 96) && !dot.isVector)
        let text = RichText(spans: [Span("a"), Span(image: dot, height: .points(20), style: Style(baselineOffset: -4)), Span("b")])
        let layout = TextLayout(text, options: LayoutOptions())
        let run = try #require(layout.runs.first { $0.inlineBox != nil })
        let box = try #require(run.inlineBox)
        #expect(box.rect == CGRect(x: 0, y: -16, width: 20, height: 20))
        #expect(run[0].isInlineBox && !layout.runs[0][0].isInlineBox)
        // The line grows to hold the lowered image.
        #expect(layout[0].typographicBounds.descent >= 4 - 0.001)
    }

    @Test func exportedTextUsesAlt() throws {
        TestFonts.pin()
        let logo = try Self.image("logo.svg")
        let text = RichText(spans: [Span(tag: Self.badge), Span(" Dove "), Span(image: logo, alt: "[logo]"), Span(image: logo), Span(" end")])
        let layout = TextLayout(text, options: LayoutOptions(width: 200))
        #expect(layout.text == "\u{FFFC} Dove \u{FFFC}\u{FFFC} end")
        #expect(layout.exportedText == "京东超市 Dove [logo] end")
        #expect(text.exportedText == layout.exportedText)
        #expect(TextMeasurement(layout).text == "京东超市 Dove [logo] end")
    }

    @Test func truncationKeepsBoxesWhole() throws {
        TestFonts.pin()
        let logo = try Self.image("logo.svg")
        let spans = [Span(image: logo, alt: "[logo]"), Span(" " + String(repeating: "word ", count: 40)), Span(image: logo, alt: "[end]")]
        let layout = TextLayout(RichText(spans: spans), options: LayoutOptions(width: 200, lineLimit: 2))
        #expect(layout.isTruncated)
        #expect(layout.exportedText.hasPrefix("[logo] word"))
        #expect(layout.exportedText.hasSuffix("…"))
        #expect(layout.runs.compactMap(\.inlineBox).count == 1)
    }

    /// A renderer that shifts every run: images must move with their runs.
    struct ShiftRuns: TextRenderer {
        var dx: Double
        func draw(layout: TextLayout, in context: inout GraphicsContext) {
            for run in layout.runs {
                var copy = context
                copy.translateBy(x: dx, y: 0)
                copy.draw(run)
            }
        }
    }

    @Test func imagesAreDrawnByTheRasterizerAndMoveWithTheirRuns() throws {
        TestFonts.pin()
        let dot = try Self.image("dot.png")
        let text = RichText(spans: [Span(image: dot, height: .points(40))])
        let layout = TextLayout(text, options: LayoutOptions())
        let box = try #require(layout.runs[0].inlineBox)
        let center = CGPoint(x: box.rect.midX, y: layout[0].typographicBounds.origin.y + box.rect.midY)
        for (shift, renderer) in [(0.0, DefaultTextRenderer() as any TextRenderer), (60, ShiftRuns(dx: 60))] {
            let surface = try ImageSurface(width: 120, height: 60)
            var context = GraphicsContext(surface: surface)
            renderer.draw(layout: layout, in: &context)
            let inside = surface.pixel(x: Int(center.x + shift), y: Int(center.y))
            #expect(inside.alpha > 0.99 && inside.green > 0.4, "no image at the box's center, shift \(shift): \(inside)")
            let outside = surface.pixel(x: Int(center.x + 60 - shift), y: Int(center.y))
            #expect(outside.alpha == 0, "image left behind, shift \(shift)")
        }
    }

    @Test func svgIsRenderedAtTheFinalPixelSize() throws {
        TestFonts.pin()
        let logo = try Self.image("logo.svg")
        let layout = TextLayout(RichText(spans: [Span(image: logo, height: .points(16))]), options: LayoutOptions())
        // At 8× the 16 pt logo is 128 px: the white bolt's edge must be sharp (few partial pixels).
        let surface = try ImageSurface(width: 160, height: 200)
        var context = GraphicsContext(surface: surface, scale: 8)
        context.draw(layout)
        let baseline = layout[0].typographicBounds.origin.y
        let y = Int((baseline - 8) * 8)
        var partial = 0, white = 0
        for x in 0..<128 {
            let c = surface.pixel(x: x, y: y)
            if c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 { white += 1 }
            else if c.blue > 0.3 && c.alpha > 0.99 { partial += 1 }
        }
        #expect(white > 8, "the bolt crosses the middle row")
        #expect(partial <= 4, "blurry edge: \(partial) in-between pixels")
    }

    @Test func imageErrorsNameThePathAndReason() {
        #expect(throws: ImageError.self) { try Image(contentsOfFile: "/nonexistent/logo.png") }
        do {
            _ = try Image(contentsOfFile: TestFonts.repositoryRoot.appendingPathComponent("Package.swift").path)
            Issue.record("Package.swift is not an image")
        } catch {
            #expect(error.reason == "not a PNG, JPEG, WebP or SVG image")
        }
    }
}
