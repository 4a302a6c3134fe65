import Foundation
import Testing

/// Stacks and shapes through the real binary: `measure` reports the frames a stack resolved, a
/// still with a stack writes its PNG, and bad stacks and shapes are refused with their JSON
/// paths (exit 2) before anything is written.
@Suite("stacks and shapes")
struct StackCLITests {
    static let card = ##"""
    {"canvas": {"width": 600, "height": 300, "background": {"linearGradient": {"colors": ["#101830", "#402050"]}}}, "blocks": [
      {"id": "card", "frame": {"x": 20, "y": 30, "width": 400},
       "stack": {"axis": "vertical", "alignment": "leading", "spacing": 10, "padding": 12,
         "background": {"type": "roundedRectangle", "cornerRadius": 16, "fill": "#FFFFFF"},
         "children": [
           {"id": "title", "style": {"font": {"family": "Inter", "size": 30}}, "text": "A title that wraps onto a second line here"},
           {"id": "subtitle", "style": {"font": {"family": "Inter", "size": 16}}, "text": "The subtitle"},
           {"id": "rule", "shape": {"type": "rectangle", "fill": "#DDDDDD"}, "frame": {"height": 1}}]}}]}
    """##

    @Test("measure reports each placed block's frame; shapes report their type, images their path and alt")
    func measureReportsFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let logo = #"{"id": "logo", "image": "logo.svg", "template": true, "alt": "Texteffects logo", "frame": {"width": 20, "height": 20}}"#
        try dir.write("logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9"/></svg>"#)
        try dir.write("card.json", Self.card.replacingOccurrences(of: #""frame": {"height": 1}}]}}]}"#, with: #""frame": {"height": 1}}, "# + logo + "]}}]}"))
        let result = try CLI.run(["measure", "card.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let blocks = try #require(json["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["id"] as? String } == ["card", "title", "subtitle", "rule", "logo"])
        #expect(blocks[4]["image"] as? String == "logo.svg" && blocks[4]["text"] as? String == "Texteffects logo", "an image block's alt is its text")
        let frames = blocks.map { $0["frame"] as? [String: Double] ?? [:] }
        #expect(frames[0]["x"] == 20 && frames[0]["y"] == 30 && frames[0]["width"] == 400)
        #expect(blocks[0]["shape"] as? String == "roundedRectangle" && blocks[0]["text"] == nil)
        #expect(frames[1]["x"] == 32 && frames[1]["y"] == 42)
        let titleHeight = try #require(blocks[1]["height"] as? Double)
        #expect(blocks[1]["lineCount"] as? Int == 2)
        #expect(abs((frames[2]["y"] ?? 0) - (42 + titleHeight + 10)) < 0.01, "the subtitle follows the title")
        #expect(frames[3]["width"] == 376 && frames[3]["height"] == 1)
    }

    @Test("a still with a stack writes its one PNG")
    func stillWritesPNG() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.card)
        let result = try CLI.run(["render", "card.json", "--out", "card.png"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(dir.contents().sorted() == ["card.json", "card.png"])
    }

    @Test("bad stacks and shapes: exit 2, the JSON path, nothing written", arguments: [
        (##""axis": "vertical""##, ##""axis": "diagonal""##, "blocks[0].stack.axis: \"diagonal\" is not one of: vertical, horizontal, depth"),
        (##""spacing": 10"##, ##""spacing": -10"##, "blocks[0].stack.spacing: -10 is out of range (0–10000)"),
        (##""type": "rectangle""##, ##""type": "star""##,
         "blocks[0].stack.children[2].shape.type: \"star\" is not a shape (expected one of: rectangle, roundedRectangle, unevenRoundedRectangle, capsule, circle, ellipse)"),
        (##""frame": {"height": 1}"##, ##""frame": {"height": -1}"##, "blocks[0].stack.children[2].frame.height: -1 is out of range (0–100000)"),
    ])
    func badInput(good: String, bad: String, message: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect(Self.card.contains(good))
        try dir.write("bad.json", Self.card.replacingOccurrences(of: good, with: bad))
        for command in [["render", "bad.json", "--out", "card.png"], ["measure", "bad.json"], ["validate", "bad.json"]] {
            let result = try CLI.run(command, in: dir.url)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stderr.contains("bad.json: " + message), "\(command): \(result)")
        }
        #expect(dir.contents() == ["bad.json"])
    }

    @Test("stacks nested past 32 are refused at the first one too deep")
    func nestingLimit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var child = ##"{"text": "deep"}"##
        for _ in 0..<32 { child = ##"{"stack": {"axis": "depth", "children": [\##(child)]}}"## }
        try dir.write("deep.json", ##"{"canvas": {"width": 100, "height": 100}, "blocks": [{"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "depth", "children": [\##(child)]}}]}"##)
        let result = try CLI.run(["render", "deep.json", "--out", "deep.png"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("deep.json: blocks[0].stack.children[0].stack") && result.stderr.contains(": stacks nest 33 deep here; a scene nests at most 32"), "\(result)")
        #expect(dir.contents() == ["deep.json"])
    }
}
