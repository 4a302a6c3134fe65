import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A streamed block's frames: new text selectable by `arrived`, and the view following the end.
@Suite struct StreamedBlockTests {
    func renderer(_ json: String) throws -> SceneRenderer {
        try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json"))
    }

    /// The text of the glyphs `selector` picks in `layout`.
    func selected(_ selector: TextSelector, in layout: TextLayout) -> String {
        // White space aside (spaces are glyphs too).
        layout.flatMap { line in line.flatMap { run in run.filter(selector.contains).map(\.text) } }.joined().filter { !$0.isWhitespace }
    }

    @Test func arrivedSelectsTheTextOfTheLastFramesOnly() throws {
        let renderer = try renderer(#"""
        {"canvas": {"width": 300, "height": 100}, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300},
           "stream": {"chunks": [{"t": 0, "text": "Hello"}, {"t": 0.5, "text": " brave world"}]},
           "effects": [{"type": "fill", "color": "#FF0000", "select": {"arrived": {"within": 0.25}}}]}]}
        """#)
        let stream = try #require(renderer.streams[0])
        let arrived = TextSelector.arrived(within: 0.25)
        // Everything is new at the start; the second chunk is new on its frame and the next two.
        #expect(selected(arrived, in: stream.state(at: 0).layout) == "Hello")
        #expect(selected(arrived, in: stream.state(at: 0.3).layout) == "")
        #expect(selected(arrived, in: stream.state(at: 0.5).layout) == "braveworld")
        #expect(selected(arrived, in: stream.state(at: 0.7).layout) == "braveworld")
        #expect(selected(arrived, in: stream.state(at: 0.8).layout) == "")
        // Text that does not stream has nothing new.
        let still = TextLayout(MarkdownView(text: "Hello"), options: LayoutOptions(width: 300))
        #expect(selected(arrived, in: still) == "")
    }

    @Test func theViewFollowsTheEndAndTextAboveStaysPut() throws {
        let lines = (1...12).map { "Line \($0) of the answer." }
        let chunks = lines.enumerated().map { #"{"t": \#(Double($0.offset) * 0.1), "text": "\#($0.element)\n\n"}"# }.joined(separator: ", ")
        let renderer = try renderer(#"""
        {"canvas": {"width": 300, "height": 120}, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300, "height": 120}, "stream": {"chunks": [\#(chunks)]}}]}
        """#)
        let stream = try #require(renderer.streams[0])
        let early = stream.state(at: 0.1), late = stream.state(at: 1.1)
        #expect(SceneRenderer.followingScroll(of: early.layout, frameHeight: 120) == 0)
        let scroll = SceneRenderer.followingScroll(of: late.layout, frameHeight: 120)
        #expect(scroll > 0)
        // The last line sits at the frame's bottom.
        let last = try #require(late.layout.last)
        #expect(abs(late.layout.textSize.height - scroll - 120) < 0.001)
        #expect(last.typographicBounds.rect.maxY - scroll <= 120.001)
        // The lines that had arrived early are where they were.
        for (before, after) in zip(early.layout, late.layout) {
            #expect(before.typographicBounds.origin == after.typographicBounds.origin)
        }
        // A frame is drawn with the last lines inside the frame and the first ones scrolled away.
        let surface = try renderer.renderFrame(11)
        #expect(surface.width == 300)
    }
}
