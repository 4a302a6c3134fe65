import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `{"image": {"source", "scale"?, "sourceRect"?, "origin"?}}` wherever a paint is taken: read
/// through the scene's image loader, and every mistake named by its JSON path.
@Suite struct ImagePaintDecodingTests {
    /// A folder holding `tile.png` (8 × 4), removed after `body`.
    func withTileFolder<R>(_ body: (URL) throws -> R) throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-paint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TileFixture.png.write(to: folder.appendingPathComponent("tile.png"))
        return try body(folder)
    }

    /// A scene whose canvas background is `background` and whose one shape block is filled with `fill`.
    func scene(background: String = ##""#FFFFFF""##, fill: String) -> String {
        #"{"canvas": {"width": 100, "height": 50, "background": \#(background)}, "blocks": [{"id": "s", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}, "shape": {"type": "rectangle", "fill": \#(fill)}}]}"#
    }

    @Test func anImagePaintIsReadWithItsFields() throws {
        try withTileFolder { folder in
            let json = scene(background: #"{"image": {"source": "tile.png"}}"#,
                             fill: #"{"image": {"source": "tile.png", "scale": 0.5, "sourceRect": {"x": 0.5, "width": 0.5, "height": 1}, "origin": {"x": 0.5, "y": 1}}}"#)
            let decoded = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json", baseDirectory: folder)
            guard case .image(let background, let backgroundOrigin)? = decoded.canvas.backgroundPaint,
                  case .image(let fill, let fillOrigin)? = decoded.blocks[0].shape?.fill else {
                Issue.record("\(String(describing: decoded.canvas.backgroundPaint)), \(String(describing: decoded.blocks[0].shape?.fill))")
                return
            }
            #expect(background.scale == 1 && background.sourceRect == CGRect(x: 0, y: 0, width: 1, height: 1) && backgroundOrigin == .unit(.topLeading))
            #expect(fill.scale == 0.5 && fill.sourceRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 1) && fillOrigin == .unit(UnitPoint(x: 0.5, y: 1)))
            // One file, read once: both paints hold the same decoded image.
            #expect(background.image == fill.image && background.image.size == CGSize(width: 8, height: 4))
            #expect(!decoded.canvas.isOpaque)
        }
    }

    @Test func mistakesAreNamedByTheirPath() throws {
        try withTileFolder { folder in
            func problems(_ fill: String) -> [String] { sceneProblemLines(scene(fill: fill), baseDirectory: folder) }
            let at = "s.json: blocks[0].shape.fill.image"
            #expect(problems(#"{"image": {"source": "missing.png"}}"#).contains { $0.hasPrefix("\(at).source: \"missing.png\" cannot be read") })
            #expect(problems(#"{"image": {"source": ""}}"#) == ["\(at).source: an image paint needs a file path"])
            #expect(problems(#"{"image": {}}"#) == ["\(at).source: is required"])
            #expect(problems(#"{"image": {"source": "tile.png", "scale": 0}}"#) == ["\(at).scale: 0 is out of range (0.01–100)"])
            #expect(problems(#"{"image": {"source": "tile.png", "sourceRect": {"x": 0.5, "width": 0.75, "height": 1}}}"#)
                    == ["\(at).sourceRect: reaches past the image (x + width and y + height are at most 1)"])
            #expect(problems(#"{"image": {"source": "tile.png", "sourceRect": {"width": 0, "height": 1}}}"#)
                    == ["\(at).sourceRect: an empty rectangle (width and height must be above 0)"])
            #expect(problems(#"{"image": {"source": "tile.png", "repeat": true}}"#)
                    == ["\(at).repeat: unknown field (expected one of: source, scale, sourceRect, origin)"])
            #expect(problems(#"{"image": {"source": "tile.png"}, "linearGradient": {"colors": ["red", "blue"]}}"#)
                    == ["s.json: blocks[0].shape.fill: gives linearGradient and image; a paint is one gradient or one image"])
            // Outside the scene's folder, as for an image block.
            #expect(problems(#"{"image": {"source": "../tile.png"}}"#).contains { $0.hasPrefix("\(at).source:") })
        }
    }

    @Test func anEffectsPaintReadsItsImageToo() throws {
        try withTileFolder { folder in
            let json = #"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "effects": [{"type": "fill", "color": {"image": {"source": "nope.png"}}}]}]}"#
            let lines = sceneProblemLines(json, baseDirectory: folder)
            #expect(lines.count == 1 && lines[0].hasPrefix("s.json: blocks[0].effects[0].color.image.source: \"nope.png\" cannot be read"), "\(lines)")
        }
    }
}
