import Foundation
import Testing

/// `render --links FILE`, `--no-frames`, `--links-overlay` and the impression overrides, end to end.
@Suite("Link report CLI")
struct LinkReportCLITests {
    /// A 200×100 viewport over a 200×300 column with two links, scrolled down by 150 over 1 s at 10 fps.
    static let scrolling = """
    {
      "version": 1,
      "canvas": {"width": 200, "height": 100},
      "fps": 10,
      "duration": 2,
      "viewport": {"x": 0, "y": 0, "width": 200, "height": 100,
                   "scroll": [{"t": 0, "value": {"x": 0, "y": 0}}, {"t": 1, "value": {"x": 0, "y": 150}, "easing": "easeOut"}]},
      "blocks": [
        {"id": "top", "frame": {"x": 10, "y": 10, "width": 180},
         "text": [{"text": "Top "}, {"text": "link", "link": "https://top.example", "color": "#0A66D8"}],
         "style": {"font": {"family": "DejaVu Sans", "size": 17}}},
        {"id": "bottom", "frame": {"x": 10, "y": 210, "width": 180},
         "text": [{"text": "Bottom "}, {"text": "link", "link": "https://bottom.example", "color": "#0A66D8"}],
         "style": {"font": {"family": "DejaVu Sans", "size": 17}}}
      ]
    }
    """

    static func object(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func impressions(_ report: [String: Any]) -> [[String: Any]] {
        report["impressions"] as? [[String: Any]] ?? []
    }

    @Test("--links writes the report beside the frames")
    func linksWithFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s.json", Self.scrolling)
        let result = try CLI.run(["s.json", "--out", "frames", "--links", "links.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("frames")).count == 20)
        #expect(TemporaryDirectory.list(dir.url) == ["frames", "links.json", "s.json"])
        let report = try Self.object(dir.url.appendingPathComponent("links.json"))
        #expect(report["version"] as? Int == 1)
        #expect(report["fps"] as? Int == 10)
        #expect(report["frameCount"] as? Int == 20)
        #expect((report["viewport"] as? [String: Any])?["height"] as? Int == 100)
        let links = try #require(report["links"] as? [[String: Any]])
        #expect(links.map { $0["url"] as? String } == ["https://top.example", "https://bottom.example"])
        #expect(links.map { $0["block"] as? String } == ["top", "bottom"])
        #expect(links.map { $0["text"] as? String } == ["link", "link"])
        let frames = try #require(report["frames"] as? [[String: Any]])
        #expect(frames.count == 20)
        // The top link is seen at first, the bottom one only once scrolled.
        let first = try #require(frames.first?["visible"] as? [[String: Any]])
        #expect(first.map { $0["id"] as? Int } == [0])
        let last = try #require(frames.last?["visible"] as? [[String: Any]])
        #expect(last.map { $0["id"] as? Int } == [1])
        let impressions = Self.impressions(report)
        #expect(impressions[0]["firstVisibleFrame"] as? Int == 0)
        #expect(impressions[1]["impressionFrame"] as? Int != nil)
    }

    @Test("--no-frames writes only the report, the same report as with frames")
    func noFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s.json", Self.scrolling)
        let withFrames = try CLI.run(["s.json", "--out", "frames", "--links", "a.json"], in: dir.url)
        #expect(withFrames.status == 0, "\(withFrames)")
        let result = try CLI.run(["s.json", "--links", "out/b.json", "--no-frames"], in: dir.url.appendingPathComponent("."))
        #expect(result.status == 2, "the folder out/ does not exist: \(result)")
        #expect(result.stderr.contains("--links"), "\(result)")
        let ok = try CLI.run(["s.json", "--links", "b.json", "--no-frames", "--frames", "20"], in: dir.url)
        #expect(ok.status == 0, "\(ok)")
        // Where the report went is said in a log too, not only on a terminal.
        #expect(ok.stderr.contains("wrote the link report to"), "\(ok)")
        #expect(TemporaryDirectory.list(dir.url) == ["a.json", "b.json", "frames", "s.json"])
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("a.json")) == Data(contentsOf: dir.url.appendingPathComponent("b.json")))
        // --frames and --fps change the timeline the report covers.
        let short = try CLI.run(["s.json", "--links", "c.json", "--no-frames", "--frames", "3", "--fps", "30"], in: dir.url)
        #expect(short.status == 0, "\(short)")
        let report = try Self.object(dir.url.appendingPathComponent("c.json"))
        #expect(report["frameCount"] as? Int == 3)
        #expect(report["fps"] as? Int == 30)
        #expect((report["frames"] as? [Any])?.count == 3)
    }

    @Test("--impression-ratio and --impression-seconds override the scene's analytics")
    func overrides() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s.json", Self.scrolling.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"analytics\": {\"impressionSeconds\": 5},"))
        func impressionFrames(_ options: [String]) throws -> [Int?] {
            let result = try CLI.run(["s.json", "--links", "r.json", "--no-frames"] + options, in: dir.url)
            #expect(result.status == 0, "\(result)")
            return Self.impressions(try Self.object(dir.url.appendingPathComponent("r.json"))).map { $0["impressionFrame"] as? Int }
        }
        // 5 s in view never happens in a 2 s scene.
        #expect(try impressionFrames([]) == [nil, nil])
        // 0 s: the first frame in view counts.
        let zero = try impressionFrames(["--impression-seconds", "0"])
        #expect(zero[0] == 0)
        // Wholly in view for 0.3 s (3 frames at 10 fps): the bottom link, once scrolled to.
        let strict = try impressionFrames(["--impression-seconds", "0.3", "--impression-ratio", "1"])
        let frames = try #require(try Self.object(dir.url.appendingPathComponent("r.json"))["frames"] as? [[String: Any]])
        let whole = try #require(frames.firstIndex { frame in
            (frame["visible"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == 1 && $0["ratio"] as? Double == 1 }
        })
        #expect(strict[1] == whole + 2)
        #expect(strict[0] == nil, "the top link scrolls away within 0.3 s")
    }

    @Test("--links-overlay outlines the visible links on the frames")
    func overlay() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s.json", Self.scrolling)
        let plain = try CLI.run(["s.json", "--out", "plain", "--frames", "1"], in: dir.url)
        let marked = try CLI.run(["s.json", "--out", "marked", "--frames", "1", "--links-overlay"], in: dir.url)
        #expect(plain.status == 0 && marked.status == 0, "\(plain)\n\(marked)")
        let name = try #require(TemporaryDirectory.list(dir.url.appendingPathComponent("plain")).first)
        let a = try Data(contentsOf: dir.url.appendingPathComponent("plain/\(name)"))
        let b = try Data(contentsOf: dir.url.appendingPathComponent("marked/\(name)"))
        #expect(a != b)
        #expect(PNG.size(of: b)?.width == 200)
    }

    @Test("bad link options exit 2 and write nothing",
          arguments: [["--impression-ratio", "0"], ["--impression-ratio", "1.5"], ["--impression-seconds", "-1"],
                      ["--no-frames"], ["--links", "r.json", "--no-frames", "--links-overlay"],
                      ["--links", "missing/r.json"]])
    func badOptions(_ options: [String]) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s.json", Self.scrolling)
        let result = try CLI.run(["s.json", "--out", "out"] + options, in: dir.url)
        #expect(result.status == 2, "\(result)")
        let option = try #require(options.first { $0.hasPrefix("--") && $0 != "--links" } ?? options.first)
        #expect(result.stderrLines.first?.contains(option) == true, "\(result)")
        #expect(dir.contents() == ["s.json"], "left files behind: \(dir.contents())")
    }
}
