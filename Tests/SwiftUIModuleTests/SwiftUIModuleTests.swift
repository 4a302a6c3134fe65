import SwiftUI
import Testing

#if !canImport(Darwin)

/// `import SwiftUI` on Linux is RenderPipeline: a renderer written with SwiftUI's qualified names
/// (`MarkerRenderer`) compiles, and draws.
@Suite struct SwiftUIModuleTests {
    static let pinnedFonts: Void = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }()

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
        let layout = TextLayout(text, options: LayoutOptions(width: 500))
        let margin = 10.0
        let surface = try ImageSurface(width: Int(layout.size.width + 2 * margin), height: Int(layout.size.height + 2 * margin))
        var context = SwiftUI.GraphicsContext(surface: surface)
        context.fill(SwiftUI.Path(CGRect(x: 0, y: 0, width: surface.width, height: surface.height)), with: .color(.white))
        context.translateBy(x: margin, y: margin)
        RendererStack([MarkerRenderer()]).draw(layout: layout, in: &context)

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
}

#endif
