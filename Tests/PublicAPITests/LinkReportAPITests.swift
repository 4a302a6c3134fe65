import Foundation
import RenderPipeline
import TextEffects
import Testing

/// The link report from Swift, with nothing but RenderPipeline's public API: a scene built in
/// code, its report computed without images, and a `LinkReporter` in a renderer stack.
@Suite struct LinkReportAPITests {
    init() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }

    static func scene(effects: [any TextRenderer] = []) -> Scene {
        let text = Text("Откройте счёт: ") + (Text("тарифы ").bold() + Text("и условия")).link("https://bank.example/tariffs")
        var block = Block(id: "body", frame: Block.Frame(x: 20, y: 150, width: 400),
                          text: RichText(spans: text.richText().spans, baseStyle: Style(font: FontDescriptor(family: "DejaVu Sans", size: 17))))
        block.effects = effects
        var scene = Scene(canvas: Scene.Canvas(width: 440, height: 200), blocks: [block])
        scene.fps = 10
        scene.duration = 2
        scene.viewport = Viewport(rect: CGRect(x: 0, y: 0, width: 440, height: 100),
                                  scroll: .keyframes([Keyframe(time: 0, value: .zero),
                                                      Keyframe(time: 1, value: CGPoint(x: 0, y: 100), easing: .easeOut)]))
        scene.analytics = Analytics(impressionRatio: 0.5, impressionSeconds: 0.5)
        return scene
    }

    @Test func reportWithoutImages() throws {
        let renderer = try SceneRenderer(scene: Self.scene())
        let layout = try #require(renderer.layouts.first)
        #expect(layout.links.count == 1)
        #expect(layout.links[0].text == "тарифы и условия")
        let report = renderer.linkReport()
        #expect(report.links.count == 1)
        #expect(report.frames.count == 20)
        #expect(report.frames[0].visible.isEmpty)             // below the viewport at first
        #expect(report.frames[19].visible.first?.ratio == 1)  // scrolled into view
        let impression = try #require(report.impressions.first)
        #expect(impression.firstVisibleFrame != nil)
        #expect(impression.impressionFrame.map { $0 >= impression.firstVisibleFrame! + 4 } == true)
        #expect(String(decoding: report.jsonData(), as: UTF8.self).hasPrefix("{\n  \"version\": 1,"))
    }

    @Test func linkReporterRecordsWhereLinksAreDrawn() throws {
        let recorder = LinkRecorder()
        let renderer = try SceneRenderer(scene: Self.scene(effects: [LinkReporter(recorder: recorder)]))
        _ = try renderer.renderFrame(19)
        let entries = recorder.entries(atTime: 1.9)
        #expect(entries.count == 1)
        let drawn = try #require(entries.first?.rect)
        let reported = try #require(renderer.linkReport().frames[19].visible.first?.rects.first)
        // Canvas points; the viewport is at the canvas origin, so they match the report's.
        #expect(abs(drawn.minX - reported.minX) < 0.01 && abs(drawn.minY - reported.minY) < 0.01)
        #expect(abs(drawn.width - reported.width) < 0.01 && abs(drawn.height - reported.height) < 0.01)
    }
}
