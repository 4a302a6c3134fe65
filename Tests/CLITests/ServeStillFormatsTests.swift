// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects serve` in JPEG, WebP, SVG and PDF: `/NAME.jpg` (`.webp`, `.svg`, `.pdf`) are
/// `render --out NAME.jpg`'s bytes with their Content-Type, and each format has an ETag of its own.
@Suite("serve .jpg, .webp, .svg and .pdf", .serialized)
struct ServeStillFormatsTests {
    /// `render --set … --out NAME.EXT` of `template`: the bytes serve must give.
    static func rendered(_ template: URL, ext: String, _ values: [String: String], options: [String] = [], in directory: URL) throws -> Data {
        let out = directory.appendingPathComponent("rendered-\(UUID().uuidString).\(ext)")
        let result = try CLI.run(["render", template.path, "--out", out.path, "--quiet"] + options + values.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] },
                                 in: directory)
        #expect(result.status == 0, "\(result)")
        defer { try? FileManager.default.removeItem(at: out) }
        return try Data(contentsOf: out)
    }

    @Test("GET /card.jpg, .webp, .svg and .pdf: render's bytes, their Content-Types, an ETag per format, 304 per format")
    func jpegAndWebPCards() throws {
        let (directory, site) = try ServeCommandTests.makeSite()
        defer { directory.remove() }
        let server = try PreviewProcess([site.path], in: directory.url, command: "serve")
        defer { server.stop() }
        var etags: Set<String> = []
        for (ext, type) in [("png", "image/png"), ("jpg", "image/jpeg"), ("webp", "image/webp"), ("svg", "image/svg+xml"), ("pdf", "application/pdf")] {
            let card = try RawHTTP.get("/card.\(ext)?title=Photo", port: server.port)
            #expect(card.status == 200, "\(ext)")
            #expect(card.headers["content-type"] == type)
            #expect(card.body == (try Self.rendered(site.appendingPathComponent("card.json"), ext: ext, ["title": "Photo"], in: directory.url)), "\(ext)")
            let etag = try #require(card.headers["etag"])
            etags.insert(etag)
            let again = try RawHTTP.get("/card.\(ext)?title=Photo", port: server.port, headers: ["If-None-Match": etag])
            #expect(again.status == 304, "\(ext)")
        }
        #expect(etags.count == 5, "each format has its own ETag")
        let unknown = try RawHTTP.get("/card.gif", port: server.port)
        #expect(unknown.status == 404)
        #expect(unknown.text.contains(".png, .jpg, .webp, .svg, .pdf"), "\(unknown.text)")
    }

    @Test("--quality and --lossless: render's bytes at those settings, another ETag than the default's; --cache names each file by its format")
    func qualityAndCacheNames() throws {
        let (directory, site) = try ServeCommandTests.makeSite()
        defer { directory.remove() }
        let template = site.appendingPathComponent("card.json")
        let cache = directory.url.appendingPathComponent("cards")
        var server = try PreviewProcess([site.path], in: directory.url, command: "serve")
        let standard = try RawHTTP.get("/card.jpg?title=Q", port: server.port)
        #expect(server.stop() == 0)
        server = try PreviewProcess([site.path, "--quality", "40", "--lossless", "--cache", cache.path], in: directory.url, command: "serve")
        defer { server.stop() }
        let jpeg = try RawHTTP.get("/card.jpg?title=Q", port: server.port)
        #expect(jpeg.body == (try Self.rendered(template, ext: "jpg", ["title": "Q"], options: ["--quality", "40"], in: directory.url)))
        #expect(jpeg.body.count < standard.body.count, "quality 40 is smaller than 90")
        #expect(jpeg.headers["etag"] != standard.headers["etag"], "another encoding, another ETag")
        let webp = try RawHTTP.get("/card.webp?title=Q", port: server.port)
        #expect(webp.body == (try Self.rendered(template, ext: "webp", ["title": "Q"], options: ["--lossless"], in: directory.url)))
        let svg = try RawHTTP.get("/card.svg?title=Q", port: server.port)
        func name(_ response: RawHTTP.Response, _ ext: String) throws -> String {
            try #require(response.headers["etag"]).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) + "." + ext
        }
        #expect(Set(TemporaryDirectory.list(cache)) == [try name(jpeg, "jpg"), try name(webp, "webp"), try name(svg, "svg")])
    }
}
#endif
