import Foundation
import Testing
import Effects
@testable import RenderPipeline
@testable import TextEffects

/// Scene drawing cases found in review: link rects in faded blocks, clip bounds in banded
/// stills, keyframed padding, the measured drawing rectangle, the recording index, and an outer
/// blur layer over text an inner renderer moves.
@Suite struct SceneDrawingEdgeCaseTests {
    /// A 300×200 scene with one 30-point "Stack" block at `y` drawn by `effect`, a probe effect.
    static func oneBlockScene(y: Int, effect: String, registering type: any SceneEffect.Type) throws -> SceneRenderer {
        var registry = EffectRegistry()
        registry.register(type)
        let json = """
        {"version": 1, "canvas": {"width": 300, "height": 200, "background": "#FFFFFF"}, "duration": 1, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 20, "y": \(y), "width": 260},
           "style": {"font": {"family": "DejaVu Sans", "size": 30}, "color": "#000000"},
           "text": "Stack", "effects": [\(effect)]}]}
        """
        TestFonts.pin()
        return try SceneRenderer(scene: SceneDecoder(effects: registry).decode(Data(json.utf8)))
    }

    @Test func linkReporterInFadedBlock() throws {
        let renderer = try LinkReportTests.renderer("links-wrapping.json")
        var scene = renderer.scene
        let recorder = LinkRecorder(), fadedRecorder = LinkRecorder()
        var plain = scene, faded = scene
        for i in scene.blocks.indices {
            plain.blocks[i].effects.insert(LinkReporter(recorder: recorder), at: 0)
            faded.blocks[i].effects.insert(LinkReporter(recorder: fadedRecorder), at: 0)
            faded.blocks[i].opacity = .constant(0.5)
        }
        _ = scene
        _ = try SceneRenderer(scene: plain).renderFrame(10)
        _ = try SceneRenderer(scene: faded).renderFrame(10)
        let t = plain.time(ofFrame: 10)
        let a = recorder.entries(atTime: t).map(\.rect), b = fadedRecorder.entries(atTime: t).map(\.rect)
        #expect(a == b)
    }
}

struct ProbeClipGradient: SceneEffect {
    static let name = "probeClipGradient"
    static let summary = "fills the clip bounds with a gradient"
    init(parameters: EffectParameters) {}
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let r = ctx.clipBoundingRect
        ctx.fill(Path(r), with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: CGPoint(x: r.minX, y: r.minY), endPoint: CGPoint(x: r.minX, y: r.maxY)))
        for line in layout { ctx.draw(line) }
    }
}

extension SceneDrawingEdgeCaseTests {
    @Test func clipBoundingRectInBands() throws {
        let renderer = try Self.oneBlockScene(y: 40, effect: #"{"type": "probeClipGradient"}"#, registering: ProbeClipGradient.self)
        let whole = try renderer.renderFrame(0)
        let banded = try ImageSurface(width: whole.width, height: whole.height)
        for band in [0..<100, 100..<200] { renderer.draw(frame: 0, into: banded, rows: band) }
        let d = ImageDiff.stats(whole, banded)?.differing
        #expect(d == 0)
    }
}

struct ProbeLift: SceneEffect {
    static let name = "probeLift"
    static let summary = "lifts by animatableData, asking for that much room"
    var lift: Double = 0
    var animatableData: Double { get { lift } set { lift = newValue } }
    init(parameters: EffectParameters) {}
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        ctx.translateBy(x: 0, y: -lift)
        for line in layout { ctx.draw(line) }
    }
    var displayPadding: EdgeInsets { EdgeInsets(top: lift, leading: 0, bottom: 0, trailing: 0) }
}

extension SceneDrawingEdgeCaseTests {
    @Test func keyframedDisplayPadding() throws {
        let renderer = try Self.oneBlockScene(
            y: 120, effect: #"{"type": "probeLift", "animatableData": [{"t": 0, "value": 0}, {"t": 0.9, "value": 80}]}"#,
            registering: ProbeLift.self)
        let last = try renderer.renderFrame(renderer.scene.frameCount - 1)
        var top = Int.max
        for y in 0..<last.height { for x in 0..<last.width where last.pixel(x: x, y: y).red < 0.5 { top = min(top, y) } }
        #expect(top < 120 - 30)
    }
}

extension SceneDrawingEdgeCaseTests {
    @Test func measuredDrawingRectIsTheClip() throws {
        let json = """
        {"version": 1, "canvas": {"width": 300, "height": 200, "background": "#FFFFFF"}, "duration": 1, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 20, "y": 120, "width": 260},
           "style": {"font": {"family": "DejaVu Sans", "size": 30}, "color": "#000000"},
           "text": "Stack", "effects": [{"type": "wave"}]}]}
        """
        TestFonts.pin()
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let renderer = try SceneRenderer(scene: scene)
        let m = try SceneMeasurer(scene: scene).measurements()[0]
    }
}

extension SceneDrawingEdgeCaseTests {
    @Test func outerGlyphsIndexMatchesBruteForce() throws {
        TestFonts.pin()
        let layout = TextLayout(Text("Hello wide world of glyphs"), options: LayoutOptions(width: 400))
        let n = layout.storage.glyphs.count
        let surface = try ImageSurface(width: 10, height: 10)
        let state = GraphicsContext(surface: surface).drawState
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 1...8, using: &rng)
            let operations: [DisplayList.Operation] = (0..<count).map { _ in
                let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: a...n, using: &rng)
                return .glyphs(GlyphsOperation(storage: layout.storage, glyphs: a..<b, offsets: nil, paint: nil, stroke: nil,
                                               fontVariations: [:], exactPositions: false, state: state))
            }
            let outer = OuterGlyphs.separating(DisplayList(operations: operations), storage: layout.storage).glyphs
            for _ in 0..<10 {
                let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: a...n, using: &rng)
                let got = outer.entries(intersecting: a..<b)
                let want = outer.entries.indices.filter { outer.entries[$0].operation.glyphs.overlaps(a..<b) }
                #expect(got == want)
            }
        }
    }
}

extension SceneDrawingEdgeCaseTests {
    @Test func outerBlurLayerClipsInnerWave() throws {
        func frame(_ effects: String) throws -> ImageSurface {
            let json = """
            {"version": 1, "canvas": {"width": 400, "height": 300, "background": "#FFFFFF"}, "duration": 1, "fps": 10,
             "blocks": [{"id": "a", "frame": {"x": 20, "y": 120, "width": 360},
               "style": {"font": {"family": "DejaVu Sans", "size": 30}, "color": "#000000"},
               "text": [{"text": "Hello "}, {"text": "world", "attributes": {"blur": {"radius": 0.3}}}], "effects": [\(effects)]}]}
            """
            TestFonts.pin()
            return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8))).renderFrame(0)
        }
        func ink(_ s: ImageSurface) -> Double {
            var t = 0.0
            for y in 0..<s.height { for x in 0..<s.width { t += 1 - s.pixel(x: x, y: y).red } }
            return t
        }
        let wave = #"{"type": "wave", "amplitude": 60, "wavelength": 200}"#
        let waveOnly = try frame(wave), stacked = try frame(#"{"type": "blur"}, "# + wave)
        let blurOnly = try frame(#"{"type": "blur"}"#), plain = try frame("")
        #expect(abs(ink(stacked) - ink(waveOnly)) < 0.05 * ink(waveOnly))
    }
}
