import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Visibility, ratios and impressions of the link report, on hand-made timelines and on scenes.
@Suite struct LinkReportTests {
    // MARK: Impressions on hand-made timelines

    /// Frames 0..<count where link `id` has `ratios[frame]` (0: out of view, no entry).
    static func frames(_ ratios: [[Double]]) -> [LinkFrame] {
        let count = ratios.map(\.count).max() ?? 0
        return (0..<count).map { frame in
            let visible = ratios.enumerated().compactMap { id, series -> LinkVisibility? in
                let ratio = frame < series.count ? series[frame] : 0
                return ratio > 0 ? LinkVisibility(id: id, ratio: ratio, rects: [CGRect(x: 0, y: 0, width: 10, height: 10)]) : nil
            }
            return LinkFrame(frame: frame, time: Double(frame) / 30, scroll: .zero, visible: visible)
        }
    }

    static func impressions(_ ratios: [[Double]], analytics: Analytics = Analytics(), fps: Double = 30) -> [LinkImpression] {
        let links = ratios.indices.map { SceneLink(id: $0, block: "b", blockIndex: 0, url: "u\($0)", text: "", rects: []) }
        var counter = ImpressionCounter(links: links, analytics: analytics, fps: fps)
        for frame in frames(ratios) { counter.add(frame) }
        return counter.impressions
    }

    static func series(_ parts: (Double, Int)...) -> [Double] { parts.flatMap { Array(repeating: $0.0, count: $0.1) } }

    @Test func halfVisibleFor29FramesIsNoImpressionAnd30Is() {
        let result = Self.impressions([
            Self.series((0, 5), (0.5, 29), (0, 20)),             // enters, half-visible 29 frames, leaves
            Self.series((0, 5), (0.5, 30), (0, 20)),             // the same for 30 frames
            Self.series((0, 5), (0.5, 29), (0.49, 1), (0.5, 30)), // a dip below half restarts the count
        ])
        #expect(result[0].impressionFrame == nil)
        #expect(result[0].firstVisibleFrame == 5)
        #expect(result[0].visibleFrames == 29)
        #expect(result[0].maxRatio == 0.5)
        #expect(result[1].impressionFrame == 34)   // frames 5…34 are 30 frames = 1 s
        #expect(result[1].visibleFrames == 30)
        #expect(result[2].impressionFrame == 64)   // 35 is below half; 35+1…64 are the 30
        #expect(result[2].visibleFrames == 60)
        #expect(result[2].maxRatio == 0.5)
    }

    @Test func leavingAndReEnteringStartsOver() {
        let result = Self.impressions([
            Self.series((0, 3), (1, 20), (0, 10), (0.8, 30), (0, 5)),
            Self.series((0, 3), (1, 20), (0, 10), (0.8, 29)),
        ])
        #expect(result[0].firstVisibleFrame == 3)
        #expect(result[0].impressionFrame == 3 + 20 + 10 + 29)
        #expect(result[0].visibleFrames == 50)
        #expect(result[0].maxRatio == 1)
        #expect(result[1].impressionFrame == nil)
        #expect(result[1].visibleFrames == 49)
    }

    @Test func neverVisibleHasNullFramesAndZeroes() {
        let result = Self.impressions([Self.series((0, 40)), Self.series((1, 40))])
        #expect(result[0] == LinkImpression(id: 0, url: "u0"))
        #expect(result[1].impressionFrame == 29)
    }

    @Test func thresholdsComeFromAnalytics() {
        let ratios = [Self.series((0.3, 10), (0, 5))]
        #expect(Self.impressions(ratios)[0].impressionFrame == nil)
        #expect(Self.impressions(ratios, analytics: Analytics(impressionRatio: 0.25, impressionSeconds: 0.2))[0].impressionFrame == 5)
        // Zero seconds: the first frame in view is the impression.
        #expect(Self.impressions(ratios, analytics: Analytics(impressionRatio: 0.3, impressionSeconds: 0))[0].impressionFrame == 0)
        // At 60 fps one second is 60 frames.
        #expect(Self.impressions([Self.series((1, 59))], fps: 60)[0].impressionFrame == nil)
        #expect(Self.impressions([Self.series((1, 60))], fps: 60)[0].impressionFrame == 59)
    }

    // MARK: Geometry

    /// A link of two fragments (a 100×20 and a 60×20 line) in a 200×100 viewport scrolled down over 2 s.
    static func tracker(offset: Keyframed<CGPoint> = .constant(.zero)) -> LinkTracker {
        let link = SceneLink(id: 0, block: "b", blockIndex: 0, url: "u", text: "two lines",
                             rects: [CGRect(x: 10, y: 80, width: 100, height: 20), CGRect(x: 10, y: 100, width: 60, height: 20)])
        let viewport = Viewport(rect: CGRect(x: 50, y: 30, width: 200, height: 100),
                                scroll: .keyframes([Keyframe(time: 0, value: CGPoint(x: 0, y: 0)),
                                                    Keyframe(time: 2, value: CGPoint(x: 0, y: 200))]))
        return LinkTracker(viewport: viewport, fps: 10, links: [link], offsets: [[offset]])
    }

    @Test func aLinkSplitAcrossLinesCountsBothFragments() throws {
        let tracker = Self.tracker()
        // Frame 0: scroll 0, window y 0…100: first fragment whole, second not at all.
        let first = try #require(tracker.frame(0).visible.first)
        #expect(first.rects == [CGRect(x: 10, y: 80, width: 100, height: 20)])
        #expect(abs(first.ratio - 2000.0 / 3200.0) < 1e-12)
        // Frame 1: scroll 10, window 10…110: first whole, second half (60×10), in viewport coordinates.
        let second = try #require(tracker.frame(1).visible.first)
        #expect(second.rects == [CGRect(x: 10, y: 70, width: 100, height: 20), CGRect(x: 10, y: 90, width: 60, height: 10)])
        #expect(abs(second.ratio - 2600.0 / 3200.0) < 1e-12)
        // Frame 2: scroll 20: both whole.
        #expect(tracker.frame(2).visible.first?.ratio == 1)
    }

    @Test func aLinkScrolledFullyOutHasNoVisibleEntry() {
        let tracker = Self.tracker()
        // Scroll 120 at frame 12: window 120…220, the link ends at 120 (touching is not visible).
        let frame = tracker.frame(12)
        #expect(frame.scroll == CGPoint(x: 0, y: 120))
        #expect(frame.visible.isEmpty)
        #expect(tracker.frame(11).visible.count == 1)
    }

    @Test func blockOffsetsMoveRects() throws {
        let tracker = Self.tracker(offset: .constant(CGPoint(x: 5, y: -70)))
        let visible = try #require(tracker.frame(0).visible.first)
        #expect(visible.rects == [CGRect(x: 15, y: 10, width: 100, height: 20), CGRect(x: 15, y: 30, width: 60, height: 20)])
        #expect(visible.ratio == 1)
    }

    // MARK: Scenes

    static func renderer(_ name: String, frameCount: Int? = nil) throws -> SceneRenderer {
        TestFonts.pin()
        let url = TestFonts.repositoryRoot.appendingPathComponent("Scenes/\(name)")
        return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(contentsOf: url))
    }

    @Test(arguments: ["bank-links.json", "links-wrapping.json"])
    func reportMatchesGolden(name: String) throws {
        let renderer = try Self.renderer(name)
        try Golden.assertText(renderer.linkReport().jsonData(), named: "links/\(name)")
    }

    @Test func bankScrollsPastFourLinksWithImpressions() throws {
        let report = try Self.renderer("bank-links.json").linkReport()
        #expect(report.links.count == 4)
        #expect(report.frames.count == 120)
        #expect(report.links.map(\.block) == ["p1", "p2", "p2", "p3"])
        // The first link scrolls out before the end, the last one scrolls in after the start.
        #expect(report.frames.last?.visible.contains { $0.id == 0 } == false)
        #expect(report.impressions[3].firstVisibleFrame ?? 0 > 0)
        #expect(report.impressions.allSatisfy { $0.impressionFrame != nil })
    }

    @Test func wrappingSceneReportsAWrappedLinkAndTheMoreToken() throws {
        let report = try Self.renderer("links-wrapping.json").linkReport()
        #expect(report.links[0].rects.count == 2)
        #expect(report.links[1].url == "app://expand/teaser")
        #expect(report.links[1].text == "ещё")
        // The teaser slides in from the right: its "ещё" starts partly outside the viewport.
        let start = try #require(report.frames[0].visible.first { $0.id == 1 })
        #expect(start.ratio < 1)
        let later = try #require(report.frames[30].visible.first { $0.id == 1 })
        #expect(later.ratio == 1)
        // The footer link never shows enough to count.
        #expect(report.impressions[2].impressionFrame == nil)
        #expect(report.impressions[2].maxRatio > 0)
    }

    @Test func streamingWriterWritesTheSameBytesAsTheReport() throws {
        let renderer = try Self.renderer("links-wrapping.json")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try renderer.writeLinkReport(to: url)
        #expect(try Data(contentsOf: url) == renderer.linkReport().jsonData())
        let folder = TemporaryDirectoryContents.hidden(in: url.deletingLastPathComponent(), matching: url.lastPathComponent)
        #expect(folder.isEmpty, "temporary files left: \(folder)")
        // Valid JSON with the contract's top-level fields.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        for key in ["version", "fps", "frameCount", "canvas", "viewport", "links", "frames", "impressions"] {
            #expect(object[key] != nil, "missing \(key)")
        }
    }

    /// Moves every glyph up and down with time, as a wave effect does.
    struct Bouncing: TextRenderer {
        func draw(layout: TextLayout, in context: inout GraphicsContext) {
            for glyph in layout.glyphs {
                var copy = context
                copy.translateBy(x: 0, y: 30 * sin(context.time * 7 + glyph.typographicBounds.origin.x))
                copy.draw(glyph)
            }
        }
    }

    @Test func glyphAnimationsDoNotMoveLinks() throws {
        TestFonts.pin()
        let json = #"""
        {"canvas": {"width": 300, "height": 120}, "duration": 0.5,
         "viewport": {"x": 0, "y": 0, "width": 300, "height": 40},
         "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 280},
                     "text": [{"text": "Wavy "}, {"text": "link", "link": "https://w.example"}]}]}
        """#
        var scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let still = try SceneRenderer(scene: scene).linkReport()
        scene.blocks[0].effects = [Bouncing()]
        let bouncing = try SceneRenderer(scene: scene).linkReport()
        #expect(bouncing.jsonData() == still.jsonData())
        #expect(still.frames.allSatisfy { $0.visible.first?.ratio == 1 })
    }

    /// The `LinkReporter` renderer records, as drawn, what the report computes from geometry.
    @Test func linkReporterRecordsTheReportsRects() throws {
        let renderer = try Self.renderer("links-wrapping.json")
        let recorder = LinkRecorder()
        var scene = renderer.scene
        for i in scene.blocks.indices { scene.blocks[i].effects.insert(LinkReporter(recorder: recorder), at: 0) }
        let reporting = try SceneRenderer(scene: scene)
        let report = renderer.linkReport()
        let viewport = scene.effectiveViewport.rect
        for frame in [0, 10, 44] {
            _ = try reporting.renderFrame(frame)
            let drawn = recorder.entries(atTime: scene.time(ofFrame: frame))
            // Canvas rectangles as drawn, clipped to the viewport and moved into its coordinates.
            let visible = drawn.compactMap { entry -> CGRect? in
                let part = entry.rect.intersection(viewport)
                return part.isNull || part.width <= 0 || part.height <= 0 ? nil : part.offsetBy(dx: -viewport.minX, dy: -viewport.minY)
            }.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
            let reported = report.frames[frame].visible.flatMap(\.rects).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
            #expect(visible.count == reported.count, "frame \(frame)")
            for (a, b) in zip(visible, reported) {
                #expect(abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01,
                        "frame \(frame): drawn \(a), reported \(b)")
            }
        }
    }

    // MARK: Viewport drawing

    @Test func scrolledViewportShowsContentMovedAndClipped() throws {
        TestFonts.pin()
        func scene(viewport: String, y: Int) throws -> SceneRenderer {
            let json = """
            {"canvas": {"width": 200, "height": 160, "background": "#FFFFFF"}, \(viewport)
             "blocks": [{"id": "a", "frame": {"x": 10, "y": \(y), "width": 180},
                         "text": "Scrolled text that wraps over several lines of this small block.",
                         "style": {"font": {"family": "DejaVu Sans", "size": 17}}}]}
            """
            return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8)))
        }
        // Scrolling the whole-canvas viewport by 40 is the same as moving the content up by 40.
        let scrolled = try scene(viewport: #""viewport": {"x": 0, "y": 0, "width": 200, "height": 160, "scroll": {"x": 0, "y": 40}},"#, y: 60).renderFrame(0)
        let moved = try scene(viewport: "", y: 20).renderFrame(0)
        #expect(ImageDiff.stats(scrolled, moved)?.differing == 0)
        // A smaller viewport at (20, 30): content point p appears at (20, 30) + p, nothing outside.
        let window = try scene(viewport: #""viewport": {"x": 20, "y": 30, "width": 100, "height": 50},"#, y: 0).renderFrame(0)
        var inside = false
        for y in 0..<window.height {
            for x in 0..<window.width where window.pixel(x: x, y: y) != window.pixel(x: 0, y: 0) {
                #expect((20..<120).contains(x) && (30..<80).contains(y), "ink at \(x),\(y) outside the viewport")
                inside = true
            }
        }
        #expect(inside)
    }
}

/// Hidden temporary siblings a writer may leave.
enum TemporaryDirectoryContents {
    static func hidden(in folder: URL, matching name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".\(name).") }
    }
}
