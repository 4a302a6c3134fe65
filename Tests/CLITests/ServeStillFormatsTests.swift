// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects serve` in JPEG, WebP, SVG and PDF: `/NAME.jpg` (`.webp`, `.svg`, `.pdf`) are
/// `render --out NAME.jpg`'s bytes with their Content-Type, and each format has an ETag of its own.
@Suite("serve .jpg, .webp, .svg and .pdf", .serialized)
struct ServeStillFormatsTests {
    /// `render --set … --out NAME.EXT` of `template`: the bytes serve must give.
    static func rendered(_ template: URL, ext: String, _ values: [String: String], in directory: URL) throws -> Data {
        let out = directory.appendingPathComponent("rendered-\(UUID().uuidString).\(ext)")
        let result = try CLI.run(["render", template.path, "--out", out.path, "--quiet"] + values.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] },
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
}
#endif
