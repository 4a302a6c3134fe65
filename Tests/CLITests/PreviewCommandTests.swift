// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects preview` over real HTTP on loopback: every route, frames equal to `render`'s,
/// reloads and problems after saves, and the refusals (traversal, foreign Host and Origin).
@Suite("preview command", .serialized)
struct PreviewCommandTests {
    /// Six frames: a title that slides in, a link that scrolls with it.
    static let scene = """
    {
      "version": 1,
      "canvas": {"width": 320, "height": 120, "background": "#FFFFFF"},
      "fps": 30,
      "duration": 0.2,
      "blocks": [
        {
          "id": "title",
          "frame": {"x": 10, "y": 10, "width": 300},
          "offset": [{"t": 0, "value": {"x": 0, "y": 40}}, {"t": 0.2, "value": {"x": 0, "y": 0}}],
          "text": [{"text": "Read the "}, {"text": "docs", "link": "https://example.com/docs"}, {"text": " today"}],
          "style": {"font": {"family": "DejaVu Sans", "size": 24}, "color": "#202020"}
        }
      ]
    }
    """

    /// A folder with the scene (and a secret beside the folder, to try to read).
    static func makeFolder() throws -> (TemporaryDirectory, URL) {
        let folder = try TemporaryDirectory()
        try folder.write("site/scene.json", scene)
        try folder.write("secret.txt", "not for the page")
        try folder.write("site/.env", "TOKEN=1")
        return (folder, folder.url.appendingPathComponent("site"))
    }

    @Test("every frame the preview serves equals render's PNG, byte for byte; overlays differ")
    func framesEqualRender() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let render = try CLI.run(["render", "scene.json", "--out", "frames", "--quiet"], in: site)
        try #require(render.status == 0, "\(render)")
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        for frame in 0..<6 {
            let response = try RawHTTP.get("/frame/\(frame).png", port: preview.port)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "image/png")
            let expected = try Data(contentsOf: site.appendingPathComponent(String(format: "frames/frame_%04d.png", frame)))
            #expect(response.body == expected, "frame \(frame) differs from render's")
        }
        let plain = try RawHTTP.get("/frame/3.png", port: preview.port).body
        let boxes = try RawHTTP.get("/frame/3.png?debug=1", port: preview.port)
        let links = try RawHTTP.get("/frame/3.png?links=1", port: preview.port)
        #expect(boxes.status == 200 && PNG.size(of: boxes.body)! == (320, 120))
        #expect(boxes.body != plain, "the debug boxes changed nothing")
        #expect(links.body != plain && links.body != boxes.body, "the link overlay changed nothing")
        #expect(try RawHTTP.get("/frame/6.png", port: preview.port).status == 404)
        #expect(try RawHTTP.get("/frame/-1.png", port: preview.port).status == 404)
        #expect(try RawHTTP.get("/frame/01.png", port: preview.port).status == 404)
        #expect(try RawHTTP.get("/frame/x.png", port: preview.port).status == 404)
    }

    @Test("the page, its assets, scene.json, layout.json, links and inspect answer as documented")
    func routes() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        let page = try RawHTTP.get("/", port: preview.port)
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("/assets/preview.js") && page.text.contains("/assets/preview.css"))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        for asset in ["/assets/preview.js", "/assets/preview.css"] {
            let response = try RawHTTP.get(asset, port: preview.port)
            #expect(response.status == 200 && !response.body.isEmpty, "\(asset)")
        }
        let info = try JSONSerialization.jsonObject(with: RawHTTP.get("/scene.json", port: preview.port).body) as! [String: Any]
        #expect(info["frameCount"] as? Int == 6 && info["width"] as? Int == 320 && info["height"] as? Int == 120)
        #expect(info["generation"] as? Int == 1 && (info["problems"] as? [Any])?.isEmpty == true)
        #expect(info["hasLinks"] as? Bool == true)

        let dump = try CLI.run(["render", "scene.json", "--dump-layout"], in: site)
        #expect(try RawHTTP.get("/layout.json", port: preview.port).body == dump.stdoutData)

        // The link slides up 40 points over the six frames: the table follows it.
        func linkRow(_ frame: Int) throws -> [String: Any] {
            let table = try JSONSerialization.jsonObject(with: RawHTTP.get("/links/\(frame).json", port: preview.port).body) as! [String: Any]
            return (table["links"] as! [[String: Any]])[0]
        }
        let first = try linkRow(0), last = try linkRow(5)
        #expect(first["url"] as? String == "https://example.com/docs" && first["text"] as? String == "docs")
        #expect(first["ratio"] as? Double == 1)
        let y0 = ((first["rects"] as! [[Double]])[0])[1], y5 = ((last["rects"] as! [[Double]])[0])[1]
        #expect(abs((y0 - y5) - 40 * 5 / 6) < 0.01, "the link's rectangle did not move with the block: \(y0) → \(y5)")

        // Over "docs" on the last frame (the block at its place), and over nothing.
        let rect = (last["rects"] as! [[Double]])[0]
        let hit = try JSONSerialization.jsonObject(with: RawHTTP.get(
            "/inspect?frame=5&x=\(rect[0] + rect[2] / 2)&y=\(rect[1] + rect[3] / 2)", port: preview.port).body) as! [String: Any]
        #expect(hit["block"] as? String == "title")
        #expect((hit["run"] as? [String: Any])?["link"] as? String == "https://example.com/docs")
        #expect((hit["run"] as? [String: Any])?["text"] as? String == "docs")
        #expect(((hit["glyph"] as? [String: Any])?["text"] as? String).map { "docs".contains($0) } == true)
        let miss = try RawHTTP.get("/inspect?frame=5&x=300&y=115", port: preview.port)
        #expect(miss.text == #"{"block":null}"#)
        #expect(try RawHTTP.get("/inspect?frame=9&x=1&y=1", port: preview.port).status == 400)
        for query in ["x=nan&y=1", "x=0x10&y=1", "x=inf&y=1", "x=1e309&y=1", "x=1", "y=1", "x=&y=1"] {
            #expect(try RawHTTP.get("/inspect?frame=1&\(query)", port: preview.port).status == 400, "\(query)")
        }
    }

    @Test("files of the scene's folder are served; traversal, hidden files and links out are refused")
    func files() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("out.txt").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("env").path, withDestinationPath: ".env")
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        let own = try RawHTTP.get("/files/scene.json", port: preview.port)
        #expect(own.status == 200 && own.text == Self.scene)
        #expect(own.headers["content-security-policy"]?.hasPrefix("sandbox") == true)
        for target in ["/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/..%2fsecret.txt", "/files/./scene.json",
                       "/files//etc/passwd", "/files/.env", "/files/out.txt", "/files/%00scene.json", "/files/env"] {
            let response = try RawHTTP.get(target, port: preview.port)
            #expect(response.status == 403, "\(target) answered \(response.status)")
            #expect(!response.text.contains("not for the page") && !response.text.contains("TOKEN"))
        }
        // Outside /files/ nothing is a file: a climbing path finds no route.
        let climbing = try RawHTTP.get("/../secret.txt", port: preview.port)
        #expect(climbing.status == 404 && !climbing.text.contains("not for the page"))
        #expect(try RawHTTP.get("/files/none.json", port: preview.port).status == 404)
    }

    @Test("a foreign Host or Origin is refused on every route (DNS rebinding)")
    func foreignHosts() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        let port = preview.port
        for route in ["/", "/scene.json", "/frame/0.png", "/layout.json", "/links/0.json", "/events", "/files/scene.json"] {
            #expect(try RawHTTP.get(route, port: port, host: "evil.example:\(port)").status == 403, "\(route)")
            #expect(try RawHTTP.get(route, port: port, host: "127.0.0.1:\(port + 1)").status == 403, "\(route)")
            #expect(try RawHTTP.get(route, port: port, host: nil).status != 200, "\(route) without Host")
            #expect(try RawHTTP.get(route, port: port, headers: ["Origin": "http://evil.example"]).status == 403, "\(route)")
            #expect(try RawHTTP.get(route, port: port, headers: ["Origin": "null"]).status == 403, "\(route)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
            #expect(try RawHTTP.get("/scene.json", port: port, host: host).status == 200, "\(host)")
        }
        #expect(try RawHTTP.get("/scene.json", port: port, headers: ["Origin": "http://localhost:\(port)"]).status == 200)
        // A second Host header (which a proxy in front might read) is refused, whichever comes first.
        #expect(try RawHTTP.get("/scene.json", port: port, headers: ["Host": "evil.example"]).status == 400)
    }

    @Test("a save sends reload with the next generation; a broken file sends problems and keeps the last frames; a fix reloads")
    func reloadsAndProblems() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        let before = try RawHTTP.get("/frame/5.png", port: preview.port).body
        let sceneURL = site.appendingPathComponent("scene.json")

        // Saved the way editors do: a new file renamed over the old one.
        func save(_ text: String) throws {
            let temporary = site.appendingPathComponent(".scene.json.swp")
            try Data(text.utf8).write(to: temporary)
            #expect(rename(temporary.path, sceneURL.path) == 0)
        }
        let edited = Self.scene.replacingOccurrences(of: "today", with: "now!")
        let started = Date()
        var stream = try RawHTTP.events(port: preview.port) { text in
            if text.contains("event: reload"), !text.contains("\"generation\":2") { try? save(edited) }
            return text.contains("\"generation\":2")
        }
        #expect(RawHTTP.data(ofEvents: "reload", in: stream).count == 2, "\(stream)")
        #expect(Date().timeIntervalSince(started) < 5)
        let after = try RawHTTP.get("/frame/5.png", port: preview.port).body
        #expect(after != before, "the frame did not change after the save")
        let render = try CLI.run(["render", "scene.json", "--out", "frames", "--quiet"], in: site)
        #expect(after == (try Data(contentsOf: site.appendingPathComponent("frames/frame_0005.png"))))
        _ = render

        let broken = edited.replacingOccurrences(of: "\"#202020\"", with: "\"#12G\"")
        stream = try RawHTTP.events(port: preview.port) { text in
            if !text.contains("event: problems") { try? save(broken) }
            return text.contains("event: problems")
        }
        let problems = RawHTTP.data(ofEvents: "problems", in: stream)
        #expect(problems.last?.contains(#""path":"blocks[0].style.color""#) == true, "\(stream)")
        #expect(problems.last?.contains(#""generation":2"#) == true, "problems must keep the last good generation")
        #expect(try RawHTTP.get("/frame/5.png", port: preview.port).body == after, "the last good frame is no longer served")
        let info = try RawHTTP.get("/scene.json", port: preview.port).text
        #expect(info.contains("#12G"))

        stream = try RawHTTP.events(port: preview.port) { text in
            if !text.contains("\"generation\":3") { try? save(edited) }
            return text.contains("\"generation\":3")
        }
        #expect(stream.contains("event: reload"))
        #expect(try RawHTTP.get("/scene.json", port: preview.port).text.contains(#""problems":[]"#))
    }

    @Test("an image the scene names is watched too, even before it exists")
    func watchesAssets() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let withImage = Self.scene.replacingOccurrences(of: #"{"text": " today"}"#, with: #"{"image": "art/dot.svg", "height": 20, "alt": "dot"}"#)
        try folder.write("site/scene.json", withImage)
        let preview = try PreviewProcess(["scene.json"], in: site)
        defer { preview.stop() }
        let info = try RawHTTP.get("/scene.json", port: preview.port).text
        #expect(info.contains("art/dot.svg") && info.contains(#""generation":0"#), "\(info)")
        #expect(try RawHTTP.get("/frame/0.png", port: preview.port).status == 503)
        let stream = try RawHTTP.events(port: preview.port) { text in
            if !text.contains("event: reload") {
                try? folder.write("site/art/dot.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9" fill="#E45C5C"/></svg>"##)
            }
            return text.contains("event: reload")
        }
        #expect(stream.contains(#""generation":1"#), "\(stream)")
        #expect(try RawHTTP.get("/frame/0.png", port: preview.port).status == 200)
    }

    @Test("Ctrl-C stops the preview with status 0; a port in use is exit 2 with a clear message")
    func stopsAndRefusesABusyPort() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let preview = try PreviewProcess(["scene.json"], in: site)
        // A listener on the event stream must not hold the shutdown up.
        let listening = Thread { _ = try? RawHTTP.events(port: preview.port, timeout: 8) { _ in false } }
        listening.start()
        usleep(200_000)
        let busy = try CLI.run(["preview", "scene.json", "--port", String(preview.port)], in: site, timeout: 30)
        #expect(busy.status == 2, "\(busy)")
        #expect(busy.stderr.contains("--port"), "\(busy)")
        let started = Date()
        #expect(preview.stop() == 0)
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(throws: (any Error).self) { try RawHTTP.get("/scene.json", port: preview.port, timeout: 1) }
    }

    @Test("--host ::1 prints the address it listens on, bracketed: http://[::1]:PORT/", .enabled(if: Self.hasIPv6Loopback, "no IPv6 loopback here (::1 is not in /proc/net/if_inet6)"))
    func ipv6Loopback() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        let preview = try PreviewProcess(["scene.json", "--host", "::1"], in: site)
        defer { preview.stop() }
        #expect(preview.url == "http://[::1]:\(preview.port)/", "\(preview.url)")
        #expect(try RawHTTP.get("/scene.json", port: preview.port, host: "[::1]:\(preview.port)", ipv6: true).status == 200)
        // ::1 is loopback: no warning that others can reach it.
        #expect(preview.standardError.isEmpty, "\(preview.standardError)")
    }

    /// Whether this machine has ::1 (a container may have IPv6 switched off).
    static var hasIPv6Loopback: Bool {
        let table = (try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").contains { $0.hasPrefix("00000000000000000000000000000001 ") }
    }

    @Test("bad arguments are exit 2 before anything listens")
    func badArguments() throws {
        let (folder, site) = try Self.makeFolder()
        defer { folder.remove() }
        for arguments in [["none.json"], ["scene.json", "--port", "70000"], ["scene.json", "--locale", "all"], ["scene.json", "--host", "a b"]] {
            let result = try CLI.run(["preview"] + arguments, in: site, timeout: 30)
            #expect(result.status == 2, "\(arguments): \(result)")
        }
    }
}
#endif
