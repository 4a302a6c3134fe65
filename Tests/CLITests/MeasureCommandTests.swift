import Foundation
import Testing

@Suite("measure")
struct MeasureCommandTests {
    @Test("measure prints collapsed and full sizes and the displayed text, and renders nothing")
    func measureReport() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let long = String(repeating: "Every block is measured before anything is drawn. ", count: 6)
        try dir.write("feed.json", #"""
            {"canvas": {"width": 300, "height": 200},
             "blocks": [
               {"id": "post", "frame": {"x": 0, "y": 0, "width": 240}, "lineLimit": 2,
                "truncation": {"token": [{"text": "…more", "color": "#39639E", "link": "app://more"}]},
                "text": "\#(long)"},
               {"id": "short", "frame": {"x": 0, "y": 100, "width": 240}, "text": "Fits."}]}
            """#)
        let result = try CLI.run(["measure", "feed.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let blocks = try #require(json["blocks"] as? [[String: Any]])
        #expect(blocks.count == 2)
        let post = blocks[0], short = blocks[1]
        #expect(post["id"] as? String == "post")
        #expect(post["isTruncated"] as? Bool == true)
        #expect(post["lineCount"] as? Int == 2)
        #expect((post["fullLineCount"] as? Int ?? 0) > 2)
        #expect((post["fullHeight"] as? Double ?? 0) > (post["height"] as? Double ?? .infinity))
        #expect((post["text"] as? String)?.hasSuffix("…more") == true)
        #expect(short["isTruncated"] as? Bool == false)
        #expect(short["text"] as? String == "Fits.")
        #expect(short["height"] as? Double == short["fullHeight"] as? Double)
        for key in ["width", "height", "lineCount", "isTruncated", "fullHeight", "fullLineCount", "text"] {
            #expect(post[key] != nil, "missing \(key)")
        }
        #expect(dir.contents() == ["feed.json"], "measure must not write files")
    }

    @Test("measure of a bad scene exits 2 with the JSON path")
    func badScene() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.json", #"{"canvas": {"width": 300, "height": 200}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x", "truncation": {"mode": "sideways"}}]}"#)
        let result = try CLI.run(["measure", "bad.json"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderrLines == [#"bad.json: blocks[0].truncation.mode: "sideways" is not one of: tail, head, middle"#])
    }
}
