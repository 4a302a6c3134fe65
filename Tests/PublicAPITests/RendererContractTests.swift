import Foundation
import RenderPipeline
import TextEffects
import Testing

/// What a renderer's stacking, `displayPadding`, `sizeThatFits` and `animatableData` do to a
/// scene, as a plug-in author sees them: renderers registered as scene effects, scenes decoded
/// from JSON, frames rendered by `SceneRenderer`.
@Suite struct RendererContractTests {
    init() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }

    /// Draws only the run at `index` among all the layout's runs: it must see the whole layout.
    struct OnlyRun: TextRenderer {
        var index: Int
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            for (i, run) in layout.flatMap({ $0 }).enumerated() where i == index { ctx.draw(run) }
        }
    }

    /// Draws every glyph on its own, nudged down by one point: what a per-glyph effect hands on.
    struct GlyphByGlyph: TextRenderer {
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            for line in layout { for run in line { for slice in run {
                var copy = ctx
                copy.translateBy(x: 0, y: 1)
                copy.draw(slice)
            } } }
        }
    }

    /// Lifts the text `lift` points, asking for `padding` above it.
    struct Lift: SceneEffect {
        static let name = "lift"
        static let summary = "draws the text higher"
        var lift: Double
        var padding: Double
        init(parameters: EffectParameters) {
            lift = parameters.number("lift", default: 0, help: "points up")
            padding = parameters.number("padding", default: 0, help: "displayPadding on top")
        }
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            ctx.translateBy(x: 0, y: -lift)
            for line in layout { ctx.draw(line) }
        }
        var displayPadding: EdgeInsets { EdgeInsets(top: padding, leading: 0, bottom: 0, trailing: 0) }
    }

    /// Reserves one more line below the text, as a "…more" row would.
    struct ExtraLine: SceneEffect {
        static let name = "extraLine"
        static let summary = "reserves a line below the text"
        init(parameters: EffectParameters) {}
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            for line in layout { ctx.draw(line) }
        }
        func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize {
            let size = text.sizeThatFits(proposal)
            return CGSize(width: size.width, height: size.height + 40)
        }
    }

    /// Fades the text in as `animatableData` goes from 0 to 1, as a SwiftUI transition does.
    struct FadeIn: SceneEffect {
        static let name = "fadeIn"
        static let summary = "opacity from animatableData"
        var progress: Double = 1
        var animatableData: Double {
            get { progress }
            set { progress = newValue }
        }
        init(parameters: EffectParameters) {}
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            ctx.opacity = progress
            for line in layout { ctx.draw(line) }
        }
    }

    /// Moves the text by `animatableData`'s (x, y).
    struct Shift: SceneEffect {
        static let name = "shift"
        static let summary = "offset from an animatable pair"
        var offset = AnimatablePair(CGFloat(0), CGFloat(0))
        var animatableData: AnimatablePair<CGFloat, CGFloat> {
            get { offset }
            set { offset = newValue }
        }
        init(parameters: EffectParameters) {}
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            ctx.translateBy(x: offset.first, y: offset.second)
            for line in layout { ctx.draw(line) }
        }
    }

    /// Draws the text only in the scene's environment it expects, as a renderer reading
    /// `ctx.environment` for its locale and Dynamic Type size would.
    struct RussianLarge: SceneEffect {
        static let name = "russianLarge"
        static let summary = "draws only in Russian at accessibility1"
        init(parameters: EffectParameters) {}
        func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
            let environment = ctx.environment
            guard environment.locale.identifier == "ru", environment.dynamicTypeSize == .accessibility1,
                  environment.colorScheme == .light, environment.displayScale == 2 else { return }
            for line in layout { ctx.draw(line) }
        }
    }

    static let effects: EffectRegistry = {
        var registry = EffectRegistry()
        registry.register(RussianLarge.self)
        registry.register(Lift.self)
        registry.register(ExtraLine.self)
        registry.register(FadeIn.self)
        registry.register(Shift.self)
        return registry
    }()

    func scene(effects: String, background: String = "", text: String = "Stack") throws -> SceneRenderer {
        let json = """
        {"version": 1, "canvas": {"width": 300, "height": 200, "background": "#FFFFFF"}, "duration": 1, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 20, "y": 80, "width": 260},
           "style": {"font": {"family": "DejaVu Sans", "size": 30}, "color": "#000000"}\(background),
           "text": "\(text)", "effects": [\(effects)]}]}
        """
        return try SceneRenderer(scene: SceneDecoder(effects: Self.effects).decode(Data(json.utf8)))
    }

    /// Rows (top to bottom) and columns that hold dark ink.
    func ink(_ surface: ImageSurface) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        var rows: ClosedRange<Int>?, columns: ClosedRange<Int>?
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.pixel(x: x, y: y).red < 0.5 {
                rows = rows.map { min($0.lowerBound, y)...max($0.upperBound, y) } ?? y...y
                columns = columns.map { min($0.lowerBound, x)...max($0.upperBound, x) } ?? x...x
            }
        }
        guard let rows, let columns else { return nil }
        return (rows, columns)
    }

    func render(_ layout: Text.Layout, _ renderer: some TextRenderer) throws -> ImageSurface {
        let surface = try ImageSurface(width: 400, height: 80)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 400, height: 80)), with: .white)
        context.translateBy(x: 10, y: 10)
        renderer.draw(layout: layout, in: &context)
        return surface
    }

    @Test func aStackedRendererSeesTheWholeLayout() throws {
        let text = (Text("one ") + Text("two ").bold() + Text("three")).font(.custom("DejaVu Sans", size: 30))
        let layout = TextLayout(text, options: LayoutOptions(width: 380))
        try #require(layout.runs.count == 3)
        let alone = try #require(ink(render(layout, OnlyRun(index: 1))))
        // Under a renderer that draws glyph by glyph, the inner one still finds run 1 by its
        // index in the whole layout, and draws only it (one point lower).
        let stacked = try #require(ink(render(layout, RendererStack([GlyphByGlyph(), OnlyRun(index: 1)]))))
        #expect(stacked.columns == alone.columns)
        #expect(stacked.rows.lowerBound == alone.rows.lowerBound + 1)
        let bold = layout.runs[1].typographicBounds.rect
        #expect(Double(alone.columns.lowerBound) >= bold.minX + 10 - 1 && Double(alone.columns.upperBound) <= bold.maxX + 10 + 1)
    }

    @Test func drawingIsClippedToTheTextGrownByItsDisplayPadding() throws {
        let plain = try #require(ink(try scene(effects: "").renderFrame(0)))
        // Lifted 45 points (more than the em of room for overhangs), the text is cut at the top
        // of what the block may draw into: 30 points above its frame…
        let cut = try #require(ink(try scene(effects: #"{"type": "lift", "lift": 45}"#).renderFrame(0)))
        #expect(cut.rows.lowerBound == 80 - 30)
        #expect(plain.rows.lowerBound - 45 < 80 - 30)
        // …unless the renderer asks for that much room.
        let padded = try #require(ink(try scene(effects: #"{"type": "lift", "lift": 70, "padding": 80}"#).renderFrame(0)))
        #expect(padded.rows.lowerBound == plain.rows.lowerBound - 70)
        let report = try scene(effects: #"{"type": "lift", "lift": 70, "padding": 80}"#)
        let measured = try SceneMeasurer(scene: report.scene).measurements()[0]
        #expect(measured.drawingRect.y == -80)
    }

    @Test func sizeThatFitsSetsTheBlocksSizeForBackgroundAndMeasure() throws {
        let background = ##", "background": {"color": "#FF0000"}"##
        let plain = try scene(effects: "", background: background)
        let extra = try scene(effects: #"{"type": "extraLine"}"#, background: background)
        let plainHeight = try SceneMeasurer(scene: plain.scene).measurements()[0].height
        let extraHeight = try SceneMeasurer(scene: extra.scene).measurements()[0].height
        #expect(extraHeight == plainHeight + 40)
        // The background box covers the reserved line: red 20 points below the text.
        let y = 80 + Int(plainHeight) + 20
        #expect(try plain.renderFrame(0).pixel(x: 30, y: y) == Color.white)
        #expect(try extra.renderFrame(0).pixel(x: 30, y: y).green < 0.1)
    }

    @Test func keyframesDriveARenderersAnimatableData() throws {
        let fade = try scene(effects: #"{"type": "fadeIn", "animatableData": [{"t": 0, "value": 0}, {"t": 0.9, "value": 1}]}"#)
        let still = try scene(effects: "").renderFrame(0)
        #expect(ink(try fade.renderFrame(0)) == nil)
        let middle = try fade.renderFrame(5)
        let end = try fade.renderFrame(fade.scene.frameCount - 1)
        // Half way the text is grey; at the end it is the still text.
        let darkest = (0..<middle.height).flatMap { y in (0..<middle.width).map { middle.pixel(x: $0, y: y).red } }.min() ?? 1
        #expect(darkest > 0.35 && darkest < 0.65)
        #expect((0..<200).allSatisfy { y in (0..<300).allSatisfy { end.pixel(x: $0, y: y) == still.pixel(x: $0, y: y) } })

        let shift = try scene(effects: #"{"type": "shift", "animatableData": [{"t": 0, "value": [0, 0]}, {"t": 0.9, "value": [40, 20]}]}"#)
        let start = try #require(ink(try shift.renderFrame(0)))
        let moved = try #require(ink(try shift.renderFrame(shift.scene.frameCount - 1)))
        #expect(moved.columns.lowerBound == start.columns.lowerBound + 40)
        #expect(moved.rows.lowerBound == start.rows.lowerBound + 20)
    }

    @Test func theEnvironmentIsTheScenes() throws {
        func render(_ environment: String) throws -> ImageSurface {
            let json = """
            {"version": 1, "canvas": {"width": 200, "height": 80, "background": "#FFFFFF", "scale": 2}, \(environment)
             "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 180},
               "style": {"font": {"family": "DejaVu Sans", "size": 20}, "color": "#000000"},
               "text": "Привет", "effects": [{"type": "russianLarge"}]}]}
            """
            return try SceneRenderer(scene: SceneDecoder(effects: Self.effects).decode(Data(json.utf8))).renderFrame(0)
        }
        #expect(ink(try render(#""environment": {"language": "ru", "sizeCategory": "accessibility1"},"#)) != nil)
        #expect(ink(try render(#""environment": {"language": "en", "sizeCategory": "accessibility1"},"#)) == nil)
        #expect(ink(try render(#""environment": {"language": "ru"},"#)) == nil)
    }

    @Test func animatableDataOfTheWrongShapeIsASceneError() {
        #expect(throws: SceneError.self) { try scene(effects: #"{"type": "shift", "animatableData": [{"t": 0, "value": 3}]}"#) }
        #expect(throws: SceneError.self) { try scene(effects: #"{"type": "lift", "animatableData": 1}"#) }
    }
}
