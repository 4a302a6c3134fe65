import Foundation
import Testing
import Effects
@testable import RenderPipeline
@testable import TextEffects

/// A stack block's `opacity`, `offset` and `effects`, as other blocks have them: every child is
/// faded and moved with the stacks around it, and every text inside draws with the stack's
/// effects before its own.
@Suite struct StackModifierTests {
    static let nested = ##"""
    {"id": "card", "frame": {"x": 10, "y": 20, "width": 400}, "opacity": 0.5, "offset": {"x": 30, "y": 5},
     "effects": [{"type": "shadow", "radius": 2}],
     "stack": {"axis": "vertical", "alignment": "leading", "background": {"type": "rectangle", "fill": "#EEE"}, "children": [
       {"id": "title", "style": {"font": {"family": "DejaVu Sans", "size": 20}}, "text": "Title", "opacity": 0.8,
        "effects": [{"type": "stroke", "width": 1}]},
       {"opacity": 0.5, "offset": {"x": -10, "y": 0}, "effects": [{"type": "wave"}], "stack": {"axis": "horizontal", "children": [
         {"id": "dot", "shape": {"type": "circle", "fill": "#F00"}, "frame": {"width": 10, "height": 10}},
         {"id": "note", "style": {"font": {"family": "DejaVu Sans", "size": 12}}, "text": "note"}]}}]}}
    """##

    @Test("opacities multiply and offsets add through nested stacks; the stack's background is moved and faded too")
    func opacityAndOffsetCompose() throws {
        let scene = try StackLayoutTests.resolved(Self.nested)
        let block = { (id: String) in try #require(scene.blocks.first { $0.id == id }) }
        #expect(try block("card").opacity(at: 0) == 0.5, "the background")
        #expect(try block("card").offset(at: 0) == CGPoint(x: 30, y: 5))
        #expect(abs(try block("title").opacity(at: 0) - 0.4) < 1e-12)
        #expect(try block("title").offset(at: 0) == CGPoint(x: 30, y: 5))
        #expect(try block("dot").opacity(at: 0) == 0.25)
        #expect(try block("dot").offset(at: 0) == CGPoint(x: 20, y: 5))
        // Layout is not moved: offsets apply when drawing, as SwiftUI's.
        let plain = try StackLayoutTests.resolved(Self.nested.replacingOccurrences(of: #""offset": {"x": 30, "y": 5},"#, with: ""))
        #expect(try block("title").frame == (try #require(plain.blocks.first { $0.id == "title" })).frame)
    }

    @Test("a stack's effects draw every text inside it, before the text's own; shapes have none")
    func effectsReachEveryText() throws {
        let scene = try StackLayoutTests.resolved(Self.nested)
        let names = { (id: String) in
            try #require(scene.blocks.first { $0.id == id }).effects.map { String(describing: type(of: $0)) }
        }
        let title = try names("title"), note = try names("note")
        #expect(title.count == 2)
        #expect(title.first?.contains("Shadow") == true, "\(title)")
        #expect(title.last?.contains("Stroke") == true, "\(title)")
        #expect(note.count == 2, "the outer stack's shadow, then the inner stack's wave: \(note)")
        #expect(try names("dot").isEmpty && names("card").isEmpty)
    }

    @Test("drawn: a faded, moved stack puts its text's pixels where and as strong as the offsets and opacities say")
    func drawnFadedAndMoved() throws {
        TestFonts.pin()
        let scene = { (modifiers: String) in ##"""
        {"canvas": {"width": 200, "height": 100, "background": null}, "blocks": [
         {"id": "s", "frame": {"x": 0, "y": 0}, \##(modifiers) "stack": {"axis": "vertical", "children": [
           {"id": "box", "shape": {"type": "rectangle", "fill": "#000000"}, "frame": {"width": 20, "height": 20}}]}}]}
        """## }
        let render = { (json: String) in
            try SceneRenderer(scene: try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))).renderFrame(0)
        }
        let alpha = { (surface: ImageSurface, x: Int, y: Int) in surface.withPixels { Int($0[y * surface.stride + x * 4 + 3]) } }
        let plain = try render(scene(""))
        let moved = try render(scene(#""opacity": 0.5, "offset": {"x": 40, "y": 30},"#))
        // The stack is as wide as its box: x 0…20, y 0…20.
        #expect(alpha(plain, 10, 10) == 255 && alpha(plain, 50, 40) == 0)
        #expect(alpha(moved, 10, 10) == 0, "moved away")
        #expect(abs(alpha(moved, 50, 40) - 128) <= 1, "moved by (40, 30), at half opacity: \(alpha(moved, 50, 40))")
    }

    @Test("keyframed opacity or offset on a stack makes the scene animated")
    func keyframesAnimate() throws {
        TestFonts.pin()
        let json = ##"""
        {"canvas": {"width": 200, "height": 100}, "blocks": [
         {"id": "s", "frame": {"x": 0, "y": 0}, "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1}],
          "stack": {"axis": "vertical", "children": [{"text": "Hi"}]}}]}
        """##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        #expect(scene.animatedBy == "blocks[0].opacity")
        let resolved = try SceneRenderer(scene: scene).scene
        #expect(resolved.blocks[0].opacity(at: 0) == 0 && resolved.blocks[0].opacity(at: 1) == 1)
    }

    @Test("bad stack opacity, offset or effects name their field", arguments: [
        (#""opacity": 2,"#, "s.json: blocks[0].opacity: 2 is out of range"),
        (#""offset": {"x": 1},"#, "s.json: blocks[0].offset.y"),
        (#""effects": [{"type": "nope"}],"#, "s.json: blocks[0].effects[0].type"),
    ])
    func badModifiers(modifier: String, expected: String) {
        let json = ##"""
        {"canvas": {"width": 100, "height": 100}, "blocks": [
         {"id": "s", "frame": {"x": 0, "y": 0}, \##(modifier) "stack": {"axis": "vertical", "children": [{"text": "Hi"}]}}]}
        """##
        let lines = sceneProblemLines(json)
        #expect(lines.contains { $0.hasPrefix(expected) }, "\(lines)")
    }
}
