import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Bad stacks are refused with their JSON paths: nesting past the limit, negative sizes and
/// spacing, unknown axes and alignments, children with x or y.
@Suite struct StackDecodingTests {
    static func scene(_ blocks: String) -> String {
        ##"{"canvas": {"width": 600, "height": 400}, "blocks": [\##(blocks)]}"##
    }

    static func nested(_ depth: Int) -> String {
        var stack = ##"{"text": "deep"}"##
        for _ in 0..<depth { stack = ##"{"stack": {"axis": "vertical", "children": [\##(stack)]}}"## }
        return ##"{"id": "n", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "children": [\##(stack)]}}"##
    }

    @Test func nestingLimit() {
        #expect(sceneProblemLines(Self.scene(Self.nested(SceneLimits.maximumStackDepth - 1))) == [])
        let lines = sceneProblemLines(Self.scene(Self.nested(SceneLimits.maximumStackDepth)))
        #expect(lines.contains { $0.contains(".stack.children[0].stack") && $0.contains("at most 32") }, "\(lines)")
    }

    @Test func badValuesNameTheirPaths() {
        let lines = sceneProblemLines(Self.scene(##"""
        {"id": "s", "frame": {"x": 0, "y": 0, "width": -5}, "stack": {"axis": "diagonal", "spacing": -1, "children": [
          {"text": "a", "frame": {"x": 3, "width": -2}}, {"spacer": {"minLength": -1}},
          {"shape": {"type": "hexagon"}}, {"shape": {"type": "circle", "stroke": {"color": "#000", "width": -1}}}]}}
        """##))
        for path in ["blocks[0].frame.width", "blocks[0].stack.axis", "blocks[0].stack.spacing",
                     "blocks[0].stack.children[0].frame.x", "blocks[0].stack.children[0].frame.width",
                     "blocks[0].stack.children[1].spacer.minLength", "blocks[0].stack.children[2].shape.type",
                     "blocks[0].stack.children[3].shape.stroke.width"] {
            #expect(lines.contains { $0.contains(path + ":") }, "\(path) in \(lines)")
        }
    }

    @Test func alignmentsFollowTheAxis() {
        let lines = sceneProblemLines(Self.scene(##"""
        {"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "alignment": "top", "children": [{"text": "a"}]}},
        {"id": "t", "frame": {"x": 0, "y": 0}, "stack": {"axis": "horizontal", "alignment": "leading", "children": [{"text": "a"}]}},
        {"id": "u", "frame": {"x": 0, "y": 0}, "stack": {"axis": "depth", "alignment": "bottomTrailing", "children": [{"text": "a"}]}}
        """##))
        #expect(lines.contains { $0.contains("blocks[0].stack.alignment:") })
        #expect(lines.contains { $0.contains("blocks[1].stack.alignment:") })
        #expect(!lines.contains { $0.contains("blocks[2]") })
    }

    @Test func emptyStacksAndDuplicateChildIDs() {
        let lines = sceneProblemLines(Self.scene(##"""
        {"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "children": []}},
        {"id": "t", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "children": [{"id": "s", "text": "a"}]}}
        """##))
        #expect(lines.contains { $0.contains("blocks[0].stack.children:") })
        #expect(lines.contains { $0.contains("blocks[1].stack.children[0].id:") && $0.contains("already") })
    }
}
