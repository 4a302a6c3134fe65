import Foundation
import Testing
@testable import Preview
import TextEffects
import Effects

@Suite("card folder")
struct CardFolderTests {
    @Test("a path is a template name and a format; climbing, hidden, encoded and odd names never reach the file system")
    func paths() throws {
        #expect(try CardFolder.parse("/card.png") == ("card", "png"))
        #expect(try CardFolder.parse("/social/og-1.v2.png") == ("social/og-1.v2", "png"))
        for path in ["card.png", "/", "/card", "/card.gif", "/.card.png", "/../card.png", "/a/../card.png", "/%2e%2e/card.png",
                     "/a%2Fb.png", "//card.png", "/a//card.png", "/a\\b.png", "/café.png", "/a b.png", "/card.png/", "/.png",
                     "/" + Array(repeating: "a", count: CardFolder.maximumDepth + 1).joined(separator: "/") + "/card.png"] {
            #expect(throws: CardRequestError.self, "\(path)") { try CardFolder.parse(path) }
        }
    }

    @Test("a template is read once and again after a save; a link out of the folder is not found")
    func rereads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-cards-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        func template(_ text: String) -> String {
            """
            {"version": 1, "canvas": {"width": 100, "height": 40}, "parameters": {"t": {"default": "\(text)"}},
             "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "{{t}}"}]}
            """
        }
        try template("one").write(to: site.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        try template("out").write(to: root.appendingPathComponent("outside.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link.json").path,
                                                   withDestinationPath: root.appendingPathComponent("outside.json").path)
        let folder = try CardFolder(folder: site, decoder: SceneDecoder(effects: .builtIn), fontCheck: nil)
        let first = try folder.template(at: "/card.png").template
        #expect(try folder.template(at: "/card.png").template === first)
        try template("two").write(to: site.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        let second = try folder.template(at: "/card.png").template
        #expect(second !== first)
        #expect(second.digest != first.digest)
        #expect(throws: CardRequestError.self) { try folder.template(at: "/link.png") }
    }
}
