// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects serve` over real HTTP on loopback: cards equal to `render --set`'s, ETags and
/// 304, saved files taking effect, the disk cache across restarts, errors as HTTP (nothing read
/// from outside the folder), bounded drawing, and a graceful stop.
@Suite("serve command", .serialized)
struct ServeCommandTests {
    /// A card template: a title, a number and an image parameter with a default.
    static func card(background: String = "#FFFFFF") -> String {
        """
        {
          "version": 1,
          "canvas": {"width": 320, "height": 120, "background": "\(background)"},
          "parameters": {
            "title": {"default": "Hello"},
            "price": {"type": "number", "format": "$%.2f", "default": 9},
            "logo": {"type": "image", "default": "logo.svg"}
          },
          "blocks": [
            {"id": "logo", "frame": {"x": 10, "y": 10, "width": 60}, "text": [{"image": "{{logo}}", "height": 40}]},
            {"id": "title", "frame": {"x": 80, "y": 10, "width": 230},
             "style": {"font": {"family": "DejaVu Sans", "size": 22}, "color": "#202020"},
             "text": "{{title}} — {{price}}"}
          ]
        }
        """
    }

    static func logo(_ color: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="\#(color)"/></svg>"#
    }

    /// About 1.5 s to draw in a debug build: for requests under way.
    static let slow = """
    {"version": 1, "canvas": {"width": 1000, "height": 1000, "background": "#FFFFFF"},
     "parameters": {"title": {"default": "Slow"}},
     "blocks": [{"id": "t", "frame": {"x": 0, "y": 0, "width": 1000},
       "style": {"font": {"family": "DejaVu Sans", "size": 100}, "color": "#112233"},
       "effects": [{"type": "shadow", "radius": 40}],
       "text": "{{title}} {{title}} {{title}} {{title}} {{title}} {{title}} {{title}} {{title}} {{title}}"}]}
    """

    /// A folder `site/` with the card, its logo and the slow template; a secret beside it.
    static func makeSite() throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        try directory.write("site/card.json", card())
        try directory.write("site/logo.svg", logo("#E4572E"))
        try directory.write("site/social/slow.json", slow)
        try directory.write("secret.json", card().replacingOccurrences(of: "Hello", with: "TOPSECRET"))
        return (directory, directory.url.appendingPathComponent("site"))
    }

    /// `render --set … --out NAME.png` of `template` in `directory`: the bytes serve must give.
    static func rendered(_ template: URL, _ values: [String: String], in directory: URL) throws -> Data {
        let out = directory.appendingPathComponent("rendered-\(UUID().uuidString).png")
        let result = try CLI.run(["render", template.path, "--out", out.path, "--quiet"] + values.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] },
                                 in: directory)
        #expect(result.status == 0, "\(result)")
        defer { try? FileManager.default.removeItem(at: out) }
        return try Data(contentsOf: out)
    }

    /// The value of one series in the /metrics text.
    static func metric(_ series: String, port: Int) throws -> Int? {
        let text = try RawHTTP.get("/metrics", port: port).text
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Int(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test("a card equals render --set's PNG byte for byte; ETag, If-None-Match → 304, HEAD, Cache-Control")
    func cardsEqualRender() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path, "--cache-control", "public, max-age=60"], in: directory.url, command: "serve")
        defer { server.stop() }
        let card = try RawHTTP.get("/card.png?title=Hej+d%C3%A5+%26+tack&price=12.5", port: server.port)
        #expect(card.status == 200)
        #expect(card.headers["content-type"] == "image/png")
        #expect(card.headers["cache-control"] == "public, max-age=60")
        let expected = try Self.rendered(site.appendingPathComponent("card.json"), ["title": "Hej då & tack", "price": "12.5"], in: directory.url)
        #expect(card.body == expected)
        let etag = try #require(card.headers["etag"])
        #expect(etag.range(of: #"^"[0-9a-f]{64}"$"#, options: .regularExpression) != nil)
        // Defaults alone: another card, another ETag, render's bytes without --set.
        let plain = try RawHTTP.get("/card.png", port: server.port)
        #expect(plain.body == (try Self.rendered(site.appendingPathComponent("card.json"), [:], in: directory.url)))
        #expect(plain.headers["etag"] != etag)
        // The client has it: 304 without a body, for the ETag alone or in a list.
        let again = try RawHTTP.get("/card.png?title=Hej+d%C3%A5+%26+tack&price=12.5", port: server.port, headers: ["If-None-Match": "\"other\", \(etag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        let stale = try RawHTTP.get("/card.png?title=Hej+d%C3%A5+%26+tack&price=12.5", port: server.port, headers: ["If-None-Match": "\"other\""])
        #expect(stale.status == 200 && stale.body == expected)
        // Asked again: from memory, not drawn again.
        #expect(try Self.metric("texteffects_serve_cards_total{source=\"render\"}", port: server.port) == 2)
        #expect(try Self.metric("texteffects_serve_cards_total{source=\"memory\"}", port: server.port) == 1)
        #expect(try Self.metric("texteffects_serve_cards_total{source=\"not_modified\"}", port: server.port) == 1)
        #expect(try Self.metric("texteffects_serve_render_seconds_count", port: server.port) == 2)
        let head = try RawHTTP.head("/card.png", port: server.port)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(plain.body.count))
        #expect(head.body.isEmpty)
        #expect(try RawHTTP.get("/healthz", port: server.port).text == "ok\n")
        #expect(server.stop() == 0)
        // One JSON line a request.
        let lines = server.standardErrorLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.contains { $0["path"] as? String == "/card.png" && $0["status"] as? Int == 304 && $0["source"] as? String == "not_modified" })
        #expect(lines.contains { $0["path"] as? String == "/card.png" && $0["status"] as? Int == 200 && $0["query"] as? String == "title=Hej+d%C3%A5+%26+tack&price=12.5" })
    }

    @Test("bad parameters are 400 naming them; unknown templates 404; nothing outside the folder is read; a broken template is 500 alone")
    func errorsAsHTTP() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        try directory.write("site/broken.json", #"{"version": 1, "parameters": {"title": {}}, "canvas": {"width": -5}}"#)
        try directory.write("site/plain.json", Scenes.good(frames: 1))
        try directory.write("site/.hidden.json", Self.card())
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link.json").path,
                                                   withDestinationPath: directory.url.appendingPathComponent("secret.json").path)
        let server = try PreviewProcess([site.path], in: directory.url, command: "serve")
        defer { server.stop() }
        func problem(_ target: String, headers: [String: String] = [:]) throws -> (status: Int, error: String, parameter: String?) {
            let response = try RawHTTP.get(target, port: server.port, headers: headers)
            #expect(!response.text.contains("TOPSECRET"))
            let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return (response.status, json?["error"] as? String ?? "", json?["parameter"] as? String)
        }
        let cheap = try problem("/card.png?price=cheap")
        #expect(cheap.status == 400 && cheap.parameter == "price" && cheap.error.contains("not a number"), "\(cheap)")
        let unknown = try problem("/card.png?titel=Hi")
        #expect(unknown.status == 400 && unknown.parameter == "titel" && unknown.error.contains("title"), "\(unknown)")
        let twice = try problem("/card.png?title=a&title=b")
        #expect(twice.status == 400 && twice.parameter == "title")
        let badEscape = try problem("/card.png?title=%E4%ZZ")
        #expect(badEscape.status == 400)
        let missingImage = try problem("/card.png?logo=nothere.svg")
        #expect(missingImage.status == 400 && missingImage.parameter == nil && missingImage.error.contains("nothere.svg"), "\(missingImage)")
        let outsideImage = try problem("/card.png?logo=../secret.json")
        #expect(outsideImage.status == 400, "\(outsideImage)")
        #expect(try problem("/card.png?title=" + String(repeating: "x", count: 9_000)).status == 414)
        #expect(try problem("/card.png?title=" + String(repeating: "x", count: 2_049)).status == 400)
        for target in ["/nothing.png", "/card.gif", "/card", "/.hidden.png", "/%2e%2e/secret.png", "/..%2Fsecret.png", "/../secret.png",
                       "/social/../../secret.png", "/link.png", "/plain.png", "/site/card.png", "//card.png", "/card.png/x.png", "/logo.png"] {
            let answer = try problem(target)
            #expect(answer.status == 404, "\(target): \(answer)")
        }
        #expect(try problem("/plain.png").error.contains("not a template"))
        let brokenTemplate = try problem("/broken.png")
        #expect(brokenTemplate.status == 500 && brokenTemplate.error.contains("canvas"), "\(brokenTemplate)")
        // Others keep serving.
        #expect(try RawHTTP.get("/card.png", port: server.port).status == 200)
        // GET /: the templates with their parameters, and the broken one with its problem;
        // not the plain scene, the hidden file, nor the link out of the folder.
        let index = try #require(try JSONSerialization.jsonObject(with: RawHTTP.get("/", port: server.port).body) as? [String: Any])
        let templates = try #require(index["templates"] as? [[String: Any]])
        #expect(templates.compactMap { $0["path"] as? String } == ["/card.png", "/social/slow.png"])
        let parameters = try #require(templates.first?["parameters"] as? [String: [String: Any]])
        #expect(parameters["title"]?["default"] as? String == "Hello" && parameters["title"]?["type"] as? String == "string")
        #expect(parameters["price"]?["type"] as? String == "number" && parameters["price"]?["format"] as? String == "$%.2f")
        let broken = try #require(index["problems"] as? [[String: Any]])
        #expect(broken.count == 1 && broken.first?["path"] as? String == "/broken.png" && (broken.first?["error"] as? String)?.contains("canvas") == true)
        #expect(index["truncated"] as? Bool == false)
        // The preview's Host and Origin checks.
        #expect(try RawHTTP.get("/card.png", port: server.port, host: "evil.example:80").status == 403)
        #expect(try RawHTTP.get("/card.png", port: server.port, headers: ["Origin": "http://evil.example"]).status == 403)
        #expect(server.stop() == 0)
    }

    @Test("a template or an image saved on disk changes the next card and its ETag, without a restart")
    func savedFilesTakeEffect() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path], in: directory.url, command: "serve")
        defer { server.stop() }
        let template = site.appendingPathComponent("card.json")
        let first = try RawHTTP.get("/card.png?title=Saved", port: server.port)
        try Self.card(background: "#FFEEDD").write(to: template, atomically: false, encoding: .utf8)
        let second = try RawHTTP.get("/card.png?title=Saved", port: server.port)
        #expect(second.headers["etag"] != first.headers["etag"])
        #expect(second.body == (try Self.rendered(template, ["title": "Saved"], in: directory.url)))
        #expect(second.body != first.body)
        try Self.logo("#0A84FF").write(to: site.appendingPathComponent("logo.svg"), atomically: true, encoding: .utf8)
        let third = try RawHTTP.get("/card.png?title=Saved", port: server.port)
        #expect(third.headers["etag"] != second.headers["etag"])
        #expect(third.body == (try Self.rendered(template, ["title": "Saved"], in: directory.url)))
        #expect(third.body != second.body)
        // Unchanged files: the same ETag again.
        #expect(try RawHTTP.get("/card.png?title=Saved", port: server.port).headers["etag"] == third.headers["etag"])
        #expect(server.stop() == 0)
    }

    @Test("--cache keeps cards on disk across restarts, within --cache-size")
    func diskCache() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let cache = directory.url.appendingPathComponent("cards")
        var server = try PreviewProcess([site.path, "--cache", cache.path], in: directory.url, command: "serve")
        let card = try RawHTTP.get("/card.png?title=Kept", port: server.port)
        let etag = try #require(card.headers["etag"]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #expect(TemporaryDirectory.list(cache) == ["\(etag).png"])
        #expect(server.stop() == 0)
        server = try PreviewProcess([site.path, "--cache", cache.path], in: directory.url, command: "serve")
        let again = try RawHTTP.get("/card.png?title=Kept", port: server.port)
        #expect(again.body == card.body)
        #expect(try Self.metric("texteffects_serve_cards_total{source=\"disk\"}", port: server.port) == 1)
        #expect(try Self.metric("texteffects_serve_render_seconds_count", port: server.port) == 0)
        #expect(server.stop() == 0)
        // Room for one card of this size: the older goes.
        server = try PreviewProcess([site.path, "--cache", cache.path, "--cache-size", String(card.body.count + 100)], in: directory.url, command: "serve")
        defer { server.stop() }
        let other = try RawHTTP.get("/card.png?title=Other", port: server.port)
        let otherTag = try #require(other.headers["etag"]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #expect(TemporaryDirectory.list(cache) == ["\(otherTag).png"])
    }

    @Test("busy: past --threads and --queue a request is 503 with Retry-After; past --time-limit too, and the card is kept for the retry")
    func boundedDrawing() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path, "--threads", "1", "--queue", "0", "--time-limit", "0.05"], in: directory.url, command: "serve")
        defer { server.stop() }
        let slow = try RawHTTP.get("/social/slow.png?title=A", port: server.port)
        #expect(slow.status == 503, "\(slow.text)")
        #expect(slow.headers["retry-after"] == "1")
        #expect(slow.text.contains("still being drawn"))
        // While A is drawn on the only thread, B finds no room.
        let busy = try RawHTTP.get("/social/slow.png?title=B", port: server.port)
        #expect(busy.status == 503 && busy.headers["retry-after"] == "1")
        #expect(busy.text.contains("ask again"))
        let deadline = Date().addingTimeInterval(60)
        while try Self.metric("texteffects_serve_renders_running", port: server.port) != 0, Date() < deadline { usleep(50_000) }
        let retry = try RawHTTP.get("/social/slow.png?title=A", port: server.port)
        #expect(retry.status == 200)
        #expect(try Self.metric("texteffects_serve_cards_total{source=\"memory\"}", port: server.port) == 1)
        #expect(try Self.metric("texteffects_serve_requests_total{status=\"503\"}", port: server.port) == 2)
    }

    @Test("under load (24 clients at once, a small queue) every answer is a whole card or 503 with Retry-After, and the server stays up")
    func boundedLoad() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path, "--threads", "2", "--queue", "4"], in: directory.url, command: "serve")
        defer { server.stop() }
        let expected = try Self.rendered(site.appendingPathComponent("card.json"), ["title": "Load 0-0"], in: directory.url)
        let port = server.port
        let answers = LockedBox<[(Int, String?, Data)]>([])
        let group = DispatchGroup()
        for client in 0..<24 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for request in 0..<6 {
                    if let answer = try? RawHTTP.get("/card.png?title=Load+\(client)-\(request)", port: port) {
                        answers.mutate { $0.append((answer.status, answer.headers["retry-after"], client == 0 && request == 0 ? answer.body : Data())) }
                    } else {
                        answers.mutate { $0.append((0, nil, Data())) }
                    }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let all = answers.value
        #expect(all.count == 144)
        #expect(all.allSatisfy { $0.0 == 200 || ($0.0 == 503 && $0.1 == "1") }, "\(all.map(\.0))")
        #expect(all.contains { $0.0 == 200 })
        if let first = all.first(where: { !$0.2.isEmpty }) { #expect(first.2 == expected) }
        #expect(try RawHTTP.get("/healthz", port: port).text == "ok\n")
        let served = try Self.metric("texteffects_serve_requests_total{status=\"200\"}", port: port) ?? 0
        let refused = try Self.metric("texteffects_serve_requests_total{status=\"503\"}", port: port) ?? 0
        #expect(served + refused == 145)
        #expect(server.stop(signal: SIGTERM) == 0)
    }

    @Test("SIGTERM lets the requests under way finish, then exits 0")
    func gracefulStop() throws {
        let (directory, site) = try Self.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path], in: directory.url, command: "serve")
        let answer = LockedBox<RawHTTP.Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        Thread.detachNewThread {
            answer.value = try? RawHTTP.get("/social/slow.png?title=Finish", port: port)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(30)
        while (try? Self.metric("texteffects_serve_renders_running", port: port)) != 1, Date() < deadline { usleep(20_000) }
        #expect(server.stop(signal: SIGTERM, timeout: 60) == 0)
        #expect(done.wait(timeout: .now() + 60) == .success)
        let response = try #require(answer.value)
        #expect(response.status == 200)
        #expect(PNG.size(of: response.body)?.width == 1000)
    }

    @Test("Examples/serve is served as the README shows it: docs/gallery/serve-post.png is its card for the README's query")
    func example() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = CLI.repoRoot.appendingPathComponent("Examples/serve")
        let server = try PreviewProcess([folder.path], in: directory.url, command: "serve")
        defer { server.stop() }
        let query = "title=texteffects+0.3%3A+card+URLs%2C+ETags+and+a+binary+that+installs+anywhere&tag=RELEASE+NOTES&accent=%23F472B6&author=The+texteffects+team"
        let card = try RawHTTP.get("/post.png?" + query, port: server.port)
        #expect(card.status == 200)
        #expect(card.body == (try Self.rendered(folder.appendingPathComponent("post.json"),
                                                ["title": "texteffects 0.3: card URLs, ETags and a binary that installs anywhere",
                                                 "tag": "RELEASE NOTES", "accent": "#F472B6", "author": "The texteffects team"], in: directory.url)))
        #expect(card.body == (try Data(contentsOf: CLI.repoRoot.appendingPathComponent("docs/gallery/serve-post.png"))))
    }

    @Test("a folder that is not there, bad options: exit 2 before anything listens")
    func badArguments() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for arguments in [["serve", "nothere"], ["serve", ".", "--queue", "-1"], ["serve", ".", "--time-limit", "0"],
                          ["serve", ".", "--cache-size", "lots"], ["serve", ".", "--port", "70000"], ["serve", ".", "--quality", "0"]] {
            let result = try CLI.run(arguments, in: directory.url, timeout: 10)
            #expect(result.status == 2, "\(arguments): \(result)")
        }
    }
}

/// A value shared with a thread a test starts.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    /// Changes the value under the lock (a read and a write as one step).
    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
#endif
