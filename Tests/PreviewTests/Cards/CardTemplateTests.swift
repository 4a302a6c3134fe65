import Foundation
import Testing
@testable import Preview
@testable import TextEffects
import Effects

/// A served template's cards start from its backdrop (its canvas and the blocks no placeholder
/// reaches, drawn once); a file those blocks show, saved again, takes effect at the next card.
@Suite("card template")
struct CardTemplateTests {
    @Test("a saved image in the template's backdrop gives the next card the new picture, as drawn whole")
    func backdropFollowsItsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-backdrop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func logo(_ colour: String) throws {
            try #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="\#(colour)"/></svg>"#
                .write(to: folder.appendingPathComponent("logo.svg"), atomically: true, encoding: .utf8)
        }
        try logo("red")
        try """
        {"canvas": {"width": 80, "height": 40, "background": {"linearGradient": {"colors": ["#FFFFFF", "#DDE4FF"]}}},
         "parameters": {"t": {"default": "x"}},
         "blocks": [{"id": "logo", "frame": {"x": 2, "y": 2, "width": 30}, "text": [{"image": "logo.svg", "width": 20, "height": 20}]},
                    {"id": "t", "frame": {"x": 30, "y": 10, "width": 50}, "text": "{{t}}"}]}
        """.write(to: folder.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        let cards = try CardFolder(folder: folder, decoder: SceneDecoder(effects: .builtIn), fontCheck: nil)
        func card() throws -> (bytes: Data, whole: Data) {
            let template = try cards.template(at: "/card.png").template
            guard let prepared = try template.card(values: ["t": "Hi"], format: "png", encoding: StillEncoding(), version: "0") else {
                // A file the card read changed: the server reads the template again.
                cards.forget(template)
                return try card()
            }
            #expect(template.batch.backdrop?.templateBlocks == 1)
            let plain = try SceneRenderer(scene: prepared.scene, cutsCaptions: true, fonts: template.batch.renderer(for: prepared.scene).fonts)
            return (try prepared.encoded(), try StillEncoding().encode(try plain.renderFrame(0), as: .png, oneOfMany: false))
        }
        let red = try card()
        #expect(red.bytes.elementsEqual(red.whole))
        try logo("blue")
        let blue = try card()
        #expect(blue.bytes.elementsEqual(blue.whole))
        #expect(blue.bytes != red.bytes)
    }
}
