import Foundation
import Testing
import Effects
@testable import RenderPipeline
@testable import TextEffects

/// Stacks laid out with SwiftUI's proposal → size protocol into blocks at resolved frames:
/// a subtitle follows a title of any length, spacers push, depth stacks align, and link
/// reports see the resolved frames.
@Suite struct StackLayoutTests {
    /// The scene with `blocks` (JSON) on a 600×400 canvas, its stacks resolved.
    static func resolved(_ blocks: String) throws -> Scene {
        TestFonts.pin()
        let json = ##"{"canvas": {"width": 600, "height": 400}, "blocks": [\##(blocks)]}"##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        return try SceneRenderer(scene: scene).scene
    }

    static func text(_ text: String, size: Int, id: String? = nil, extra: String = "") -> String {
        ##"{\##(id.map { ##""id": "\##($0)", "## } ?? "")"style": {"font": {"family": "DejaVu Sans", "size": \##(size)}}, "text": "\##(text)"\##(extra)}"##
    }

    static func frame(_ scene: Scene, _ id: String) throws -> Block.Frame {
        try #require(scene.blocks.first { $0.id == id }).frame
    }

    @Test("a subtitle follows a title of one, two and three lines")
    func subtitleFollowsTitle() throws {
        var titleHeights: [Double] = [], subtitleYs: [Double] = []
        for title in ["Short", "A title long enough to wrap once here", "A title long enough to wrap onto three lines in all, at this width"] {
            let scene = try Self.resolved(##"""
            {"id": "card", "frame": {"x": 20, "y": 30, "width": 400},
             "stack": {"axis": "vertical", "alignment": "leading", "spacing": 10, "children": [
               \##(Self.text(title, size: 28, id: "title")), \##(Self.text("Subtitle", size: 16, id: "subtitle"))]}}
            """##)
            let titleFrame = try Self.frame(scene, "title"), subtitle = try Self.frame(scene, "subtitle")
            let layout = try #require(try SceneRenderer(scene: scene).layouts.first)
            #expect(titleFrame.x == 20 && titleFrame.y == 30 && subtitle.x == 20)
            #expect(abs(subtitle.y - (30 + layout.textSize.height + 10)) < 0.001)
            titleHeights.append(layout.textSize.height)
            subtitleYs.append(subtitle.y)
            #expect(layout.count == titleHeights.count, "\(title) takes \(titleHeights.count) lines")
        }
        #expect(subtitleYs[0] < subtitleYs[1] && subtitleYs[1] < subtitleYs[2])
    }

    @Test("texts a stack laid out at their frames while sizing it are drawn from those layouts, the same as laid out anew")
    func sizingLayoutsAreReused() throws {
        TestFonts.pin()
        let json = ##"""
        {"canvas": {"width": 600, "height": 400}, "blocks": [
          {"id": "column", "frame": {"x": 20, "y": 20, "width": 420},
           "stack": {"axis": "vertical", "alignment": "leading", "spacing": 8, "children": [
             {"id": "brand", "style": {"font": {"family": "DejaVu Sans", "size": 14}, "kerning": 2.5}, "text": "ARC STUDIO"},
             {"id": "blurb", "style": {"font": {"family": "DejaVu Sans", "size": 18}},
              "text": "A paragraph long enough to wrap over several lines at this width, cut at three.", "lineLimit": 3},
             {"id": "note", "frame": {"width": 200}, "style": {"font": {"family": "DejaVu Sans", "size": 12}}, "text": "Ships in a week"},
             {"id": "price", "style": {"font": {"family": "DejaVu Sans", "size": 20}}, "text": "$129"}]}}]}
        """##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let fonts = try FontLibrary.forScene(addingDirectories: scene.fontDirectories)
        let resolved = scene.resolvingStacks(fonts: fonts, countingFirst: 0)
        let ids = Set(resolved.layouts.keys.map { resolved.scene.blocks[$0].id })
        // The brand (letter spacing) and the blurb (a line limit) are checked at their own widths,
        // the note is as wide as its fixed frame; the price is narrowed to its widest line without
        // a check, so it is laid out anew.
        #expect(ids == ["brand", "blurb", "note"], "\(ids)")
        for (index, kept) in resolved.layouts {
            let block = resolved.scene.blocks[index]
            let fresh = block.layout(in: resolved.scene.environment, fonts: fonts)
            #expect(kept.lineCount == fresh.lineCount && kept.textSize == fresh.textSize, "\(block.id)")
            #expect(kept.glyphs.map(\.position) == fresh.glyphs.map(\.position), "\(block.id)")
        }
        let renderer = try SceneRenderer(scene: scene)
        let brand = try #require(renderer.scene.blocks.firstIndex { $0.id == "brand" })
        #expect(renderer.layouts[brand].glyphs.map(\.position) == resolved.layouts[brand]?.glyphs.map(\.position))
    }

    @Test("a spacer in a horizontal stack pushes what follows it to the trailing edge")
    func spacerPushesToTrailingEdge() throws {
        let scene = try Self.resolved(##"""
        {"id": "row", "frame": {"x": 10, "y": 10, "width": 500},
         "stack": {"axis": "horizontal", "padding": {"leading": 20, "trailing": 30}, "children": [
           \##(Self.text("Left", size: 20, id: "left")), {"spacer": {}},
           {"id": "dot", "shape": {"type": "circle", "fill": "#FF0000"}, "frame": {"width": 12, "height": 12}}]}}
        """##)
        let left = try Self.frame(scene, "left"), dot = try Self.frame(scene, "dot")
        #expect(left.x == 30)
        #expect(dot.x + dot.width == 10 + 500 - 30)
        #expect(dot.width == 12 && dot.height == 12)
    }

    @Test("spacers share what is left; without room they keep their minimum length")
    func spacersShare() throws {
        let scene = try Self.resolved(##"""
        {"id": "column", "frame": {"x": 0, "y": 0, "width": 200, "height": 300},
         "stack": {"axis": "vertical", "spacing": 0, "children": [
           {"id": "a", "shape": {"type": "rectangle", "fill": "#000"}, "frame": {"height": 50}}, {"spacer": {"minLength": 0}},
           {"id": "b", "shape": {"type": "rectangle", "fill": "#000"}, "frame": {"height": 50}}, {"spacer": {"minLength": 0}},
           {"id": "c", "shape": {"type": "rectangle", "fill": "#000"}, "frame": {"height": 50}}]}}
        """##)
        #expect(try Self.frame(scene, "a").y == 0)
        #expect(try Self.frame(scene, "b").y == 125)
        #expect(try Self.frame(scene, "c").y == 250)
        #expect(try Self.frame(scene, "a").width == 200, "a shape takes the width it is offered")
    }

    @Test("a depth stack aligns its children", arguments: [
        ("topLeading", 0.0, 0.0), ("center", 40.0, 40.0), ("bottomTrailing", 80.0, 80.0), ("top", 40.0, 0.0), ("trailing", 80.0, 40.0),
    ])
    func depthAlignment(alignment: String, x: Double, y: Double) throws {
        let scene = try Self.resolved(##"""
        {"id": "z", "frame": {"x": 100, "y": 50, "width": 100, "height": 100},
         "stack": {"axis": "depth", "alignment": "\##(alignment)", "children": [
           {"id": "back", "shape": {"type": "rectangle", "fill": "#00F"}},
           {"id": "front", "shape": {"type": "circle", "fill": "#F00"}, "frame": {"width": 20, "height": 20}}]}}
        """##)
        let back = try Self.frame(scene, "back"), front = try Self.frame(scene, "front")
        #expect(back.x == 100 && back.y == 50 && back.width == 100 && back.height == 100)
        #expect(front.x == 100 + x && front.y == 50 + y)
    }

    @Test("vertical alignment: leading, center and trailing across the widest child")
    func verticalAlignment() throws {
        for (alignment, expected) in [("leading", 0.0), ("center", 40.0), ("trailing", 80.0)] {
            let scene = try Self.resolved(##"""
            {"id": "v", "frame": {"x": 0, "y": 0},
             "stack": {"axis": "vertical", "alignment": "\##(alignment)", "children": [
               {"id": "wide", "shape": {"type": "rectangle", "fill": "#000"}, "frame": {"width": 100, "height": 10}},
               {"id": "narrow", "shape": {"type": "rectangle", "fill": "#000"}, "frame": {"width": 20, "height": 10}}]}}
            """##)
            #expect(try Self.frame(scene, "narrow").x == expected, "\(alignment)")
            #expect(try Self.frame(scene, "narrow").y == 18, "below the wide one and the default spacing, 8")
        }
    }

    @Test("firstTextBaseline lines up the first baselines of texts of different sizes")
    func firstTextBaseline() throws {
        let scene = try Self.resolved(##"""
        {"id": "h", "frame": {"x": 0, "y": 0, "width": 500},
         "stack": {"axis": "horizontal", "alignment": "firstTextBaseline", "children": [
           \##(Self.text("Big", size: 40, id: "big")), \##(Self.text("small", size: 12, id: "small"))]}}
        """##)
        let renderer = try SceneRenderer(scene: scene)
        let baselines = zip(renderer.scene.blocks, renderer.layouts).map { block, layout in
            block.frame.y + Double(layout.first!.typographicBounds.origin.y)
        }
        #expect(abs(baselines[0] - baselines[1]) < 0.001)
        #expect(try Self.frame(scene, "small").y > 0)
    }

    @Test("children without ids take their stack's id and their index")
    func childIDs() throws {
        let scene = try Self.resolved(##"""
        {"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "children": [
          \##(Self.text("a", size: 12)), {"stack": {"axis": "horizontal", "children": [\##(Self.text("b", size: 12))]}}]}}
        """##)
        #expect(scene.blocks.map(\.id) == ["s.0", "s.1.0"])
    }

    @Test("a background's padding counts in a child's size; the text sits inside it")
    func backgroundPaddingInSize() throws {
        let scene = try Self.resolved(##"""
        {"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "alignment": "leading", "spacing": 0, "children": [
          \##(Self.text("Tag", size: 12, id: "tag", extra: ##", "background": {"color": "#000", "shape": "capsule", "padding": [10, 4]}"##)),
          \##(Self.text("Next", size: 12, id: "next"))]}}
        """##)
        let renderer = try SceneRenderer(scene: scene)
        let tag = try Self.frame(scene, "tag"), next = try Self.frame(scene, "next")
        #expect(tag.x == 10 && tag.y == 4)
        #expect(abs(next.y - (renderer.layouts[0].textSize.height + 8)) < 0.001)
    }

    @Test("link reports inside a stack are at the resolved frames")
    func linkRectsInsideStack() throws {
        let scene = try Self.resolved(##"""
        {"id": "s", "frame": {"x": 40, "y": 60, "width": 300}, "stack": {"axis": "vertical", "alignment": "leading", "children": [
          \##(Self.text("Title", size: 30)),
          {"id": "body", "style": {"font": {"family": "DejaVu Sans", "size": 14}}, "text": [{"text": "read "}, {"text": "more", "link": "https://example.com"}]}]}}
        """##)
        let renderer = try SceneRenderer(scene: scene)
        let tracker = LinkTracker(renderer)
        let link = try #require(tracker.links.first)
        let body = try Self.frame(scene, "body")
        #expect(link.block == "body")
        for rect in link.rects {
            #expect(rect.minX >= body.x && rect.minY >= body.y - 0.001)
            #expect(rect.maxX <= body.x + body.width + 0.001)
        }
        #expect(body.y > 60 + 30)
    }

    @Test("measure sees the resolved frames")
    func measureSeesResolvedFrames() throws {
        TestFonts.pin()
        let json = ##"{"canvas": {"width": 600, "height": 400}, "blocks": [{"id": "s", "frame": {"x": 5, "y": 7, "width": 300}, "stack": {"axis": "vertical", "children": [\##(Self.text("Hello", size: 20, id: "hello"))]}}]}"##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let measurer = try SceneMeasurer(scene: scene)
        #expect(measurer.scene.blocks.map(\.id) == ["hello"])
        let measured = try #require(measurer.measurements().first)
        #expect(measurer.scene.blocks[0].frame.y == 7)
        #expect(measured.lineCount == 1 && measured.width > 0)
    }

    @Test("a scene without stacks is laid out as it was given")
    func noStacksUnchanged() throws {
        let scene = try Self.resolved(Self.text("Plain", size: 12, id: "p").replacingOccurrences(of: ##"{"id""##, with: ##"{"frame": {"x": 3, "y": 4, "width": 100}, "id""##))
        #expect(scene.blocks.count == 1 && scene.blocks[0].frame == Block.Frame(x: 3, y: 4, width: 100))
    }
}
