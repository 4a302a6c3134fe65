import Foundation
import Testing

/// `minimumScaleFactor` and `allowsTightening` through the real binary: `measure` reports the
/// scale used, a template's rows each fit their own title in `batch`, and a factor out of range
/// is refused with its JSON path by every command, before anything is written.
@Suite("fitted text")
struct FittedTextCLITests {
    static let long = "Arc Desk Lamp with USB-C charging port and a touch dimmer"

    static func block(_ id: String, y: Int, text: String, fields: String) -> String {
        #"{"id": "\#(id)", "frame": {"x": 20, "y": \#(y), "width": 520}, "lineLimit": 2, \#(fields)"#
            + #""style": {"font": {"family": "Inter", "size": 52, "weight": "heavy"}}, "text": "\#(text)"}"#
    }

    @Test("measure reports the scale of a fitted block, 1 for text that fits, nothing without fitting")
    func measureReportsTheScale() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let blocks = [Self.block("fitted", y: 20, text: Self.long, fields: #""minimumScaleFactor": 0.5, "#),
                      Self.block("short", y: 200, text: "Arc Desk Lamp", fields: #""minimumScaleFactor": 0.5, "allowsTightening": true, "#),
                      Self.block("cut", y: 300, text: Self.long, fields: "")]
        try dir.write("card.json", #"{"canvas": {"width": 600, "height": 420}, "blocks": [\#(blocks.joined(separator: ", "))]}"#)
        let result = try CLI.run(["measure", "card.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let reports = try #require(json["blocks"] as? [[String: Any]])
        let fitted = reports[0], short = reports[1], cut = reports[2]
        let scale = try #require(fitted["scale"] as? Double)
        #expect(scale >= 0.5 && scale < 1)
        #expect(fitted["tightening"] as? Double == 0)
        #expect(fitted["isTruncated"] as? Bool == false)
        #expect(fitted["lineCount"] as? Int == 2)
        #expect(fitted["text"] as? String == Self.long)
        #expect((fitted["fullLineCount"] as? Int ?? 0) > 2, "the full-size text's lines")
        #expect(short["scale"] as? Double == 1)
        #expect(short["tightening"] as? Double == 0)
        #expect(cut["scale"] == nil && cut["tightening"] == nil)
        #expect(cut["isTruncated"] as? Bool == true)
        #expect(dir.contents() == ["card.json"])

        // --dump-layout gives each block's fit as measure does.
        let dump = try CLI.run(["card.json", "--dump-layout"], in: dir.url)
        #expect(dump.status == 0, "\(dump)")
        let layouts = try #require((try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])?["blocks"] as? [[String: Any]])
        let fits = layouts.map { ($0["layout"] as? [String: Any]).map { ($0["scale"] as? Double, $0["tightening"] as? Double) } }
        #expect(fits.count == 3)
        #expect(fits[0]?.0 == scale && fits[0]?.1 == 0)
        #expect(fits[1]?.0 == 1 && fits[1]?.1 == 0)
        #expect(fits[2]?.0 == nil && fits[2]?.1 == nil)
    }

    @Test("batch fits each row's title: the cards render --set gives, and measure --set reports their scales")
    func batchFitsEveryRow() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", #"""
            {"version": 1, "canvas": {"width": 600, "height": 200, "background": "#FBF6EE"}, "duration": 1, "fps": 1,
             "parameters": {"title": {}},
             "blocks": [{"id": "title", "frame": {"x": 20, "y": 20, "width": 520}, "lineLimit": 2, "minimumScaleFactor": 0.5,
                         "allowsTightening": true, "style": {"font": {"family": "Inter", "size": 52, "weight": "heavy"}},
                         "text": "{{title}}"}]}
            """#)
        try dir.write("rows.csv", "id,title\nshort,Arc Desk Lamp\nlong,\(Self.long)\n")
        let result = try CLI.run(["batch", "card.json", "rows.csv", "--out", "out", "--name", "{{id}}.png"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        for (id, title) in [("short", "Arc Desk Lamp"), ("long", Self.long)] {
            let single = try CLI.run(["render", "card.json", "--set", "title=\(title)", "--out", "single-\(id)", "--quiet"], in: dir.url)
            #expect(single.status == 0, "\(single)")
            let batch = try Data(contentsOf: dir.url.appendingPathComponent("out/\(id).png"))
            let rendered = try Data(contentsOf: dir.url.appendingPathComponent("single-\(id)/frame_0000.png"))
            #expect(batch == rendered, "\(id): batch and render --set differ")
            let measured = try CLI.run(["measure", "card.json", "--set", "title=\(title)"], in: dir.url)
            let json = try #require(try JSONSerialization.jsonObject(with: measured.stdoutData) as? [String: Any])
            let report = try #require((json["blocks"] as? [[String: Any]])?.first)
            let scale = try #require(report["scale"] as? Double)
            #expect(report["isTruncated"] as? Bool == false)
            if id == "short" { #expect(scale == 1) } else { #expect(scale < 1 && scale >= 0.5) }
        }
    }

    @Test("a factor out of range or not a number: measure and batch exit 2 with the JSON path and write nothing")
    func badFactorIsRefused() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for (value, message) in [("-0.1", "-0.1 is out of range (0–1)"), ("1.5", "1.5 is out of range (0–1)"),
                                 (#""x""#, #"expected a number, found a string "x""#)] {
            try dir.write("bad.json", #"""
                {"canvas": {"width": 300, "height": 100}, "parameters": {"title": {"default": "Hi"}},
                 "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "{{title}}", "minimumScaleFactor": \#(value)}]}
                """#)
            try dir.write("rows.csv", "id,title\none,Hello\n")
            let expected = "bad.json: blocks[0].minimumScaleFactor: \(message)"
            let measure = try CLI.run(["measure", "bad.json"], in: dir.url)
            #expect(measure.status == 2, "\(measure)")
            #expect(measure.stdout.isEmpty)
            #expect(measure.stderrLines == [expected], "\(measure)")
            let batch = try CLI.run(["batch", "bad.json", "rows.csv", "--out", "out", "--name", "{{id}}.png"], in: dir.url)
            #expect(batch.status == 2, "\(batch)")
            #expect(batch.stderr.contains(expected), "\(batch)")
            #expect(dir.contents() == ["bad.json", "rows.csv"], "\(value): files written: \(dir.contents())")
        }
    }
}
