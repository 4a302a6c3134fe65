import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A template's backdrop: the background and leading blocks no placeholder reaches, drawn once
/// and copied into each row's frame, which must come out byte for byte as drawn whole.
@Suite struct SceneBackdropTests {
    /// A gradient canvas, a radial glow and a stack no placeholder reaches, then the row's
    /// title, then a static shape the backdrop must not take (it is drawn after the title).
    static let card = ##"""
    {"canvas": {"width": 160, "height": 90, "background": {"linearGradient": {"colors": ["#FFF8F1", "#E9F0FF"], "angle": 20}}},
     "parameters": {"title": {}, "accent": {"type": "color", "default": "#6D3FD8"}},
     "blocks": [
       {"id": "glow", "frame": {"x": 100, "y": -30, "width": 90, "height": 90},
        "shape": {"type": "circle", "fill": {"radialGradient": {"colors": ["#B9A2FFA0", "#B9A2FF00"], "endRadius": 45}}}},
       {"id": "side", "frame": {"x": 4, "y": 4, "width": 60, "height": 80}, "stack": {"axis": "vertical", "spacing": 4, "children": [
         {"id": "badge", "text": "Static", "style": {"font": {"size": 11}}},
         {"id": "rule", "shape": {"type": "capsule", "fill": "#E4572E"}, "frame": {"width": 30, "height": 3}}]}},
       {"id": "title", "frame": {"x": 8.5, "y": 40.25, "width": 140}, "text": "{{title}}",
        "style": {"font": {"size": 17}, "color": "{{accent}}"}, "background": {"color": "#FFFFFF80", "shape": "capsule"}},
       {"id": "after", "frame": {"x": 120, "y": 60, "width": 30, "height": 20}, "shape": {"type": "capsule", "fill": "#12345680"}}
     ]}
    """##

    static func template(_ json: String, budget: SceneBackdrop.Budget? = nil) throws -> (BatchTemplate, URL) {
        let (template, folder) = try BatchTemplateTests.template(json)
        guard let budget else { return (template, folder) }
        // The same template with a backdrop of its own budget.
        let url = folder.appendingPathComponent("card.json")
        return (try BatchTemplate(url: url, displayName: "card.json", decoder: SceneDecoder(effects: .builtIn), backdropBudget: budget), folder)
    }

    /// A frame's pixels.
    static func bytes(_ surface: ImageSurface) -> [UInt8] {
        surface.withPixels { Array($0) }
    }

    /// The row's frame drawn whole, without a backdrop.
    static func whole(_ template: BatchTemplate, _ scene: Scene) throws -> [UInt8] {
        let renderer = try SceneRenderer(scene: scene, cutsCaptions: true, fonts: template.renderer(for: scene).fonts)
        return bytes(try renderer.renderFrame(0))
    }

    @Test("the backdrop holds the leading blocks without placeholders, when nothing else at the top has one")
    func staticBlocks() throws {
        func count(_ json: String) throws -> Int? { SceneBackdrop.staticBlocks(of: try JSONValue(parsing: Data(json.utf8))) }
        #expect(try count(Self.card) == 2)
        #expect(try count(Self.card.replacingOccurrences(of: ##""#FFF8F1""##, with: #""{{accent}}""#)) == nil, "the canvas differs from row to row")
        #expect(try count(Self.card.replacingOccurrences(of: #""width": 160,"#, with: #""width": 160, "note": "{{ title }}","#)) == nil)
        #expect(try count(Self.card.replacingOccurrences(of: #""text": "Static""#, with: #""text": "{{title}}""#)) == 1)
        #expect(try count(Self.card.replacingOccurrences(of: ##""#B9A2FFA0""##, with: #""{{accent}}""#)) == 0)
        #expect(try count(#"{"canvas": {"width": 10, "height": 10}, "parameters": {"t": {}}, "blocks": [{"text": "{ {t}} {{ }}"}]}"#) == 1,
                "only a parameter name between double braces is a placeholder")
    }

    @Test("frames over the backdrop are byte for byte frames drawn whole, in bands too and over an old frame")
    func sameBytes() throws {
        let (template, folder) = try Self.template(Self.card)
        defer { try? FileManager.default.removeItem(at: folder) }
        let backdrop = try #require(template.backdrop)
        for title in ["Hi", "A title long enough to wrap onto a second line", "Ünïcödé ✓"] {
            let scene = try template.scene(values: ["title": .string(title)])
            let expected = try Self.whole(template, scene)
            let renderer = try template.renderer(for: scene)
            #expect(Self.bytes(try renderer.renderFrame(0)).elementsEqual(expected), "\(title)")
            #expect(backdrop.isKept)
            // A surface that held another frame, drawn in two bands, as a still on two cores is.
            let surface = try renderer.renderFrame(0)
            surface.withPixels { _ = memset($0.baseAddress!, 0x5A, $0.count) }
            renderer.draw(frame: 0, into: surface, rows: 0..<37)
            renderer.draw(frame: 0, into: surface, rows: 37..<90)
            #expect(Self.bytes(surface).elementsEqual(expected), "\(title), in bands")
        }
    }

    @Test("a transparent canvas's frames over the backdrop are byte for byte those drawn whole")
    func transparentCanvas() throws {
        let json = Self.card.replacingOccurrences(of: ##"{"linearGradient": {"colors": ["#FFF8F1", "#E9F0FF"], "angle": 20}}"##, with: "null")
        let (template, folder) = try Self.template(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try template.scene(values: ["title": .string("See through")])
        let renderer = try template.renderer(for: scene)
        let surface = try ImageSurface(width: 160, height: 90)
        surface.withPixels { _ = memset($0.baseAddress!, 0xFF, $0.count) }
        renderer.draw(frame: 0, into: surface)
        #expect(Self.bytes(surface).elementsEqual(try Self.whole(template, scene)))
        #expect(template.backdrop?.isKept == true)
    }

    @Test("backdrops keep no more than their budget: past it each frame draws its own, with the same bytes")
    func budget() throws {
        let budget = SceneBackdrop.Budget(limit: 160 * 4 * 90)
        let (first, folder) = try Self.template(Self.card, budget: budget)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (second, secondFolder) = try Self.template(Self.card, budget: budget)
        defer { try? FileManager.default.removeItem(at: secondFolder) }
        let scene = try first.scene(values: ["title": .string("One")])
        _ = try first.renderer(for: scene).renderFrame(0)
        #expect(budget.bytesInUse == 160 * 4 * 90)
        let frame = try second.renderer(for: scene).renderFrame(0)
        #expect(second.backdrop?.isKept == false, "no room left")
        #expect(Self.bytes(frame).elementsEqual(try Self.whole(second, scene)))
        #expect(budget.bytesInUse == 160 * 4 * 90)
    }

    @Test("an animated template draws every frame whole")
    func animatedTemplates() throws {
        let json = Self.card.replacingOccurrences(of: #""parameters""#, with: #""duration": 0.1, "fps": 20, "parameters""#)
        let (template, folder) = try Self.template(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try template.scene(values: ["title": .string("Moving")])
        _ = try template.renderer(for: scene).renderFrame(1)
        #expect(template.backdrop?.isKept == false)
    }
}
