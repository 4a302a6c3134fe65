import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Image paints drawn: the tile repeats, at its scale, from its origin, showing its source
/// rectangle; an SVG tile too; and SVG and PDF output keep the tile as a pattern.
@Suite struct ImageTileTests {
    let tile = TileFixture.image

    /// A 32 × 8 surface filled with `shading`.
    func painted(_ shading: GraphicsContext.Shading, width: Int = 32) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: 8)
        GraphicsContext(surface: surface).fill(Path(CGRect(x: 0, y: 0, width: width, height: 8)), with: shading)
        surface.flush()
        return surface
    }

    /// The tile's red (SwiftUI's, or the SVG's pure one), not blended with its blue.
    func isRed(_ c: Color) -> Bool { c.red > 0.95 && c.blue < 0.25 && c.alpha > 0.99 }
    /// The tile's blue, not blended with its red.
    func isBlue(_ c: Color) -> Bool { c.blue > 0.95 && c.red < 0.05 && c.alpha > 0.99 }

    @Test func theTileRepeatsEveryTileWidth() throws {
        let surface = try painted(.style(ImagePaint(image: tile)))
        for x in 0..<24 {
            for y in [0, 5] { #expect(surface.pixel(x: x, y: y) == surface.pixel(x: x + 8, y: y), "x \(x), y \(y)") }
        }
        // And down: the 4-pixel-tall tile repeats at y + 4.
        #expect(surface.pixel(x: 6, y: 1) == surface.pixel(x: 6, y: 5))
        #expect(isRed(surface.pixel(x: 1, y: 1)) && isBlue(surface.pixel(x: 5, y: 1)) && isRed(surface.pixel(x: 9, y: 6)))
    }

    @Test func scaleGrowsTheTile() throws {
        let surface = try painted(.style(ImagePaint(image: tile, scale: 2)))
        // 16 points a tile: red over 0–7, blue over 8–15, red again from 16.
        #expect(isRed(surface.pixel(x: 3, y: 3)) && isRed(surface.pixel(x: 6, y: 3)))
        #expect(isBlue(surface.pixel(x: 9, y: 3)) && isBlue(surface.pixel(x: 14, y: 3)))
        #expect(isRed(surface.pixel(x: 19, y: 3)) && isBlue(surface.pixel(x: 27, y: 3)))
        #expect(surface.pixel(x: 2, y: 2) == surface.pixel(x: 18, y: 2))
    }

    @Test func theSourceRectChoosesThePartOfTheImage() throws {
        let blue = try painted(.style(ImagePaint(image: tile, sourceRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1))))
        for x in stride(from: 0, to: 32, by: 3) { #expect(isBlue(blue.pixel(x: x, y: 4)), "x \(x)") }
        // The left three quarters: red, red, blue (6 pixels a tile).
        let part = try painted(.style(ImagePaint(image: tile, sourceRect: CGRect(x: 0, y: 0, width: 0.75, height: 1))))
        #expect(isRed(part.pixel(x: 1, y: 1)) && isBlue(part.pixel(x: 5, y: 1)) && isRed(part.pixel(x: 7, y: 1)) && isBlue(part.pixel(x: 11, y: 1)))
    }

    @Test func theOriginMovesTheTiles() throws {
        let moved = try painted(.tiledImage(tile, origin: CGPoint(x: 4, y: 0)))
        // A tile starts at x = 4: its red half over 4–7, so 0–3 is the blue half of the one before.
        #expect(isBlue(moved.pixel(x: 1, y: 1)) && isRed(moved.pixel(x: 5, y: 1)) && isBlue(moved.pixel(x: 9, y: 1)))
        // A unit origin of what is filled: the middle of a 16-point-wide rectangle at x = 8.
        let surface = try ImageSurface(width: 32, height: 8)
        GraphicsContext(surface: surface).fill(Path(CGRect(x: 8, y: 0, width: 16, height: 8)), with: .style(Paint.image(ImagePaint(image: tile), origin: .unit(UnitPoint(x: 0.5, y: 0)))))
        #expect(isRed(surface.pixel(x: 17, y: 1)) && isBlue(surface.pixel(x: 13, y: 1)))
        #expect(surface.pixel(x: 4, y: 1).alpha == 0, "outside the rectangle")
    }

    @Test func opacityFadesTheTile() throws {
        let faded = try painted(.style(ImagePaint(image: tile).opacity(0.5)))
        #expect(abs(faded.pixel(x: 1, y: 1).alpha - 0.5) < 2 / 255 && faded.pixel(x: 1, y: 1).red > 0.95)
    }

    @Test func anSVGTileIsRasterisedAtTheTargetsResolution() throws {
        let svg = try Image(data: TileFixture.svg, path: "/tile.svg")
        let surface = try ImageSurface(width: 64, height: 16)
        var context = GraphicsContext(surface: surface)
        context.scaleBy(x: 2, y: 2)
        context.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 8)), with: .style(ImagePaint(image: svg)))
        surface.flush()
        // 8 points a tile are 16 pixels: red 0–7, blue 8–15, repeating.
        #expect(isRed(surface.pixel(x: 2, y: 3)) && isBlue(surface.pixel(x: 12, y: 3)) && isRed(surface.pixel(x: 18, y: 9)))
        for x in [1, 6, 10, 14] { #expect(surface.pixel(x: x, y: 5) == surface.pixel(x: x + 16, y: 5)) }
        let tile = try #require(svg.source?.tile(sourceRect: CGRect(x: 0, y: 0, width: 1, height: 1), pixelsPerPoint: CGSize(width: 2, height: 2), exact: true, opacity: 1))
        #expect(tile.surface.width == 16 && tile.surface.height == 8)
    }

    @Test func emptyTilesPaintNothing() throws {
        let symbol = try painted(.style(ImagePaint(image: Image(systemName: "heart.fill"))))
        #expect(symbol.pixel(x: 3, y: 3).alpha == 0)
        let none = try painted(.style(ImagePaint(image: tile, scale: 0)))
        #expect(none.pixel(x: 3, y: 3).alpha == 0)
    }

    /// A 200 × 80 scene whose canvas and text are painted with the tile, read from `folder`.
    static func tiledScene() throws -> SceneRenderer {
        TestFonts.pin()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-tile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TileFixture.png.write(to: folder.appendingPathComponent("tile.png"))
        let json = #"""
            {"canvas": {"width": 200, "height": 80, "background": {"image": {"source": "tile.png", "scale": 2}}},
             "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 180},
                         "style": {"font": {"family": "DejaVu Sans", "size": 40, "weight": "bold"}, "color": {"image": {"source": "tile.png"}}},
                         "text": "Tiles"}]}
            """#
        return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "tile.json", baseDirectory: folder))
    }

    @Test func vectorOutputKeepsThePattern() throws {
        let renderer = try Self.tiledScene()
        let svg = String(decoding: try renderer.svgData(ofFrame: 0), as: UTF8.self)
        #expect(svg.contains("<pattern"))
        // Every image is a tile (the text's 8 × 4 pixels, the background's 16 × 8 at scale 2),
        // none the frame's 200 × 80.
        let images = svg.components(separatedBy: "<image ").dropFirst()
        #expect(images.count == 2)
        for image in images {
            let width = Int(image.components(separatedBy: "width=\"")[1].prefix { $0.isNumber }) ?? .max
            #expect(width <= 16, "\(image.prefix(80))")
        }
        let pdf = String(decoding: try renderer.pdfData(ofFrames: [0]), as: UTF8.self)
        #expect(pdf.contains("/PatternType 1"))
        #expect(!pdf.contains("/Width 200"))
    }

    /// A vector page records its own copy of a kept tile (other threads draw from the kept one),
    /// named for documents: a PDF still holds each tile once, however many pages show it.
    @Test func aTileIsOneImageOfAPDF() throws {
        let renderer = try Self.tiledScene()
        func images(_ pdf: Data) -> Int { String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Subtype /Image").count - 1 }
        let one = images(try renderer.pdfData(ofFrames: [0]))
        #expect(one >= 2, "the text's tile and the background's")
        #expect(images(try renderer.pdfData(ofFrames: [0, 0, 0, 0])) == one)
    }
}
