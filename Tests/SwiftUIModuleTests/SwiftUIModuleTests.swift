import SwiftUI
import SwiftUICore
import Testing

#if !canImport(Darwin)

/// `import SwiftUI` and `import SwiftUICore` on Linux are RenderPipeline: renderers written with
/// either module's qualified names (`MarkerRenderer`, `TabRenderer`) compile, and draw.
@Suite struct SwiftUIModuleTests {
    static let pinnedFonts: Void = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }()

    /// `text` laid out 500 points wide and drawn by `renderer` on white, `margin` in from the
    /// surface's edges.
    static func draw(_ text: SwiftUI.Text, with renderer: some SwiftUI.TextRenderer,
                     margin: Double) throws -> (layout: SwiftUI.Text.Layout, surface: ImageSurface) {
        let layout = TextLayout(text, options: LayoutOptions(width: 500))
        let surface = try ImageSurface(width: Int(layout.size.width + 2 * margin), height: Int(layout.size.height + 2 * margin))
        var context = SwiftUI.GraphicsContext(surface: surface)
        context.fill(SwiftUI.Path(CGRect(x: 0, y: 0, width: surface.width, height: surface.height)), with: .color(.white))
        context.translateBy(x: margin, y: margin)
        RendererStack([renderer]).draw(layout: layout, in: &context)
        return (layout, surface)
    }

    @Test func qualifiedNamesAreRenderPipelinesTypes() {
        #expect(SwiftUI.Text.self == RenderPipeline.Text.self)
        #expect(SwiftUI.Text.Layout.self == RenderPipeline.Text.Layout.self)
        #expect(SwiftUI.GraphicsContext.self == RenderPipeline.GraphicsContext.self)
        #expect(SwiftUI.Color.self == RenderPipeline.Color.self)
        #expect((MarkerRenderer() as any SwiftUI.TextRenderer) is any RenderPipeline.TextRenderer)
    }

    @Test func rendererDrawsItsMarkerBehindTheMarkedRunOnly() throws {
        _ = Self.pinnedFonts
        let text = (SwiftUI.Text("plain ") + SwiftUI.Text("marked").customAttribute(Marker()))
            .font(.custom("DejaVu Sans", size: 30))
        let margin = 10.0
        let (layout, surface) = try Self.draw(text, with: MarkerRenderer(), margin: margin)

        let runs = layout.flatMap { line in line }
        let marked = try #require(runs.first { $0[Marker.self] != nil })
        let plain = try #require(runs.first { $0[Marker.self] == nil })
        let marker = Marker().color
        func isYellow(_ c: SwiftUI.Color) -> Bool {
            abs(c.red - marker.red) < 0.03 && abs(c.green - marker.green) < 0.03 && abs(c.blue - marker.blue) < 0.03
        }
        func count(in rect: CGRect, _ test: (SwiftUI.Color) -> Bool) -> Int {
            var n = 0
            for y in Int(rect.minY + margin)..<Int(rect.maxY + margin) {
                for x in Int(rect.minX + margin)..<Int(rect.maxX + margin) where test(surface.pixel(x: x, y: y)) { n += 1 }
            }
            return n
        }
        let box = MarkerRenderer().box(for: marked).insetBy(dx: 1, dy: 1)
        let area = Int(box.width) * Int(box.height)
        // Behind the marked run: mostly marker, with the glyphs drawn over it.
        #expect(count(in: box, isYellow) > area / 2)
        #expect(count(in: box) { $0.red < 0.3 && $0.green < 0.3 } > 0)
        // The plain run, up to the marker's padding: ink, and no marker.
        var before = plain.typographicBounds.rect
        before.size.width = box.minX - 2 - before.minX
        #expect(count(in: before, isYellow) == 0)
        #expect(count(in: before) { $0.red < 0.3 } > 0)
    }

    @Test func swiftUICoreNamesAreTheSameTypes() {
        #expect(SwiftUICore.Text.Layout.self == SwiftUI.Text.Layout.self)
        #expect(SwiftUICore.GraphicsContext.self == RenderPipeline.GraphicsContext.self)
        #expect(SwiftUICore.UnevenRoundedRectangle.self == SwiftUI.UnevenRoundedRectangle.self)
        #expect((TabRenderer() as any SwiftUI.TextRenderer) is any SwiftUICore.TextRenderer)
    }

    @Test func tabRendererDrawsATabWithABorderInsideItsEdge() throws {
        _ = Self.pinnedFonts
        let text = (SwiftUICore.Text("inbox ") + SwiftUICore.Text("drafts").customAttribute(Tab()))
            .font(.custom("DejaVu Sans", size: 30))
        let margin = 20.0
        let (layout, surface) = try Self.draw(text, with: TabRenderer(), margin: margin)

        let run = try #require(layout.flatMap { $0 }.first { $0[Tab.self] != nil })
        let frame = TabRenderer().frame(for: run).offsetBy(dx: margin, dy: margin)
        func pixel(_ x: Double, _ y: Double) -> SwiftUICore.Color { surface.pixel(x: Int(x), y: Int(y)) }
        let orange = SwiftUICore.Color.orange, blue = SwiftUICore.Color.blue
        func near(_ a: SwiftUICore.Color, _ b: SwiftUICore.Color) -> Bool {
            abs(a.red - b.red) < 0.05 && abs(a.green - b.green) < 0.05 && abs(a.blue - b.blue) < 0.05
        }
        // The 2-point border lies inside the frame: blue one point in from its top and left edges
        // (a whole pixel, wherever the frame's edge falls), white just outside.
        #expect(near(pixel(frame.midX, frame.minY + 1), blue))
        #expect(near(pixel(frame.minX + 1, frame.maxY - 3), blue))
        #expect(near(pixel(frame.midX, frame.minY - 1.5), .white))
        // Top corners are rounded off, bottom ones square.
        #expect(near(pixel(frame.minX + 1, frame.minY + 1), .white))
        #expect(near(pixel(frame.minX + 1, frame.maxY - 1), blue))
        #expect(near(pixel(frame.minX + 4, frame.midY), orange))
    }
}

#endif
