import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Shape blocks and shaped backgrounds drawn: pixels inside are painted, corners outside stay
/// clear; the canvas takes a gradient.
@Suite struct ShapeBlockTests {
    static func render(_ blocks: String, background: String = ##""#0000""##) throws -> ImageSurface {
        TestFonts.pin()
        let json = ##"{"canvas": {"width": 200, "height": 100, "background": \##(background)}, "blocks": [\##(blocks)]}"##
        return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8))).renderFrame(0)
    }

    @Test func circleIsColouredInsideAndClearInItsCorners() throws {
        let surface = try Self.render(##"{"id": "dot", "frame": {"x": 10, "y": 10, "width": 80, "height": 80}, "shape": {"type": "circle", "fill": "#FF0000"}}"##)
        #expect(surface.pixel(x: 50, y: 50) == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(surface.pixel(x: 13, y: 13).alpha == 0, "the frame's corner is outside the circle")
        #expect(surface.pixel(x: 150, y: 50).alpha == 0)
    }

    @Test func roundedRectangleStrokeAndGradientFill() throws {
        let surface = try Self.render(##"""
        {"id": "box", "frame": {"x": 20, "y": 20, "width": 160, "height": 60},
         "shape": {"type": "roundedRectangle", "cornerRadius": 20, "style": "circular",
                   "fill": {"linearGradient": {"colors": ["#FF0000", "#0000FF"]}}, "stroke": {"color": "#00FF00", "width": 4}}}
        """##)
        let left = surface.pixel(x: 40, y: 50), right = surface.pixel(x: 160, y: 50)
        #expect(left.red > left.blue && right.blue > right.red, "a gradient from red to blue")
        #expect(surface.pixel(x: 100, y: 20).green > 0.9, "the stroke on the top edge")
        #expect(surface.pixel(x: 21, y: 21).alpha == 0, "the rounded corner")
    }

    @Test func capsuleBackgroundBehindText() throws {
        let surface = try Self.render(##"""
        {"id": "tag", "frame": {"x": 40, "y": 40, "width": 120},
         "style": {"font": {"family": "DejaVu Sans", "size": 12}, "color": "#FFFFFF"}, "text": "TAG",
         "background": {"color": "#0000FF", "shape": "capsule", "padding": [12, 6]}}
        """##)
        #expect(surface.pixel(x: 30, y: 42).blue > 0.9, "inside the pill, left of the text")
        #expect(surface.pixel(x: 28, y: 34).alpha == 0, "the pill's rounded end")
    }

    @Test func unevenRoundedRectangleRoundsOnlyTheCornersGiven() throws {
        let surface = try Self.render(##"""
        {"id": "tab", "frame": {"x": 20, "y": 20, "width": 160, "height": 60},
         "shape": {"type": "unevenRoundedRectangle", "cornerRadii": {"topLeading": 24, "topTrailing": 24}, "style": "circular",
                   "fill": "#0000FF"}}
        """##)
        #expect(surface.pixel(x: 21, y: 21).alpha == 0 && surface.pixel(x: 178, y: 21).alpha == 0, "top corners rounded")
        #expect(surface.pixel(x: 20, y: 79).blue > 0.9 && surface.pixel(x: 179, y: 79).blue > 0.9, "bottom corners square")
        #expect(surface.pixel(x: 100, y: 20).blue > 0.9)
    }

    @Test func unevenBackgroundBehindText() throws {
        let surface = try Self.render(##"""
        {"id": "bubble", "frame": {"x": 40, "y": 40, "width": 120},
         "style": {"font": {"family": "DejaVu Sans", "size": 12}, "color": "#FFFFFF"}, "text": "Hi there",
         "background": {"color": "#0000FF", "shape": "unevenRoundedRectangle", "padding": [12, 6],
                        "cornerRadii": {"topLeading": 12, "bottomLeading": 12, "topTrailing": 12}}}
        """##)
        let box = try #require(Self.blueBox(surface))
        #expect(surface.pixel(x: Int(box.minX), y: Int(box.minY)).alpha == 0, "rounded top-left")
        #expect(surface.pixel(x: Int(box.maxX), y: Int(box.maxY)).blue > 0.9, "the sharp corner, bottom right")
        #expect(surface.pixel(x: Int(box.minX), y: Int(box.maxY)).alpha == 0, "rounded bottom-left")
    }

    /// The extent of the blue pixels: the first and last columns and rows that hold any.
    static func blueBox(_ surface: ImageSurface) -> CGRect? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.pixel(x: x, y: y).blue > 0.9 && surface.pixel(x: x, y: y).red < 0.1 {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    @Test func shadowFallsBelow() throws {
        let surface = try Self.render(##"{"id": "card", "frame": {"x": 50, "y": 20, "width": 100, "height": 40}, "shape": {"type": "rectangle", "fill": "#FFFFFF", "shadow": {"color": "#000000", "radius": 4, "y": 10}}}"##)
        #expect(surface.pixel(x: 100, y: 64).alpha > 0.3, "the shadow under the card")
        #expect(surface.pixel(x: 100, y: 40) == Color(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test func canvasGradientBackground() throws {
        let surface = try Self.render(##"{"id": "dot", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "shape": {"type": "rectangle"}}"##,
                                      background: ##"{"linearGradient": {"colors": ["#000000", "#FFFFFF"]}}"##)
        #expect(surface.pixel(x: 2, y: 50).red < 0.1 && surface.pixel(x: 197, y: 50).red > 0.9)
        #expect(surface.pixel(x: 100, y: 50).alpha == 1)
    }

    @Test func badShapesNameTheirPaths() {
        let lines = sceneProblemLines(##"""
        {"canvas": {"width": 200, "height": 100, "background": {"linearGradient": {"colors": ["#000"]}}}, "blocks": [
          {"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "shape": {"type": "circle"}},
          {"id": "b", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "shape": {"type": "circle", "cornerRadius": 3}},
          {"id": "c", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "shape": {"type": "roundedRectangle"}},
          {"id": "d", "frame": {"x": 0, "y": 0, "width": 10}, "text": "x", "background": {"color": "#000", "shape": "star"}},
          {"id": "e", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "shape": {"type": "unevenRoundedRectangle"}},
          {"id": "f", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
           "shape": {"type": "unevenRoundedRectangle", "cornerRadii": {"topLeading": -1, "top": 3}}},
          {"id": "g", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "shape": {"type": "capsule", "cornerRadii": {}}},
          {"id": "h", "frame": {"x": 0, "y": 0, "width": 10}, "text": "x", "background": {"color": "#000", "cornerRadii": {}}}]}
        """##)
        for path in ["canvas.background.linearGradient.colors", "blocks[0].frame.height", "blocks[1].shape.cornerRadius",
                     "blocks[2].shape.cornerRadius", "blocks[3].background.shape", "blocks[4].shape.cornerRadii",
                     "blocks[5].shape.cornerRadii.topLeading", "blocks[5].shape.cornerRadii.top", "blocks[6].shape.cornerRadii",
                     "blocks[7].background.cornerRadii"] {
            #expect(lines.contains { $0.contains(path + ":") }, "\(path) in \(lines)")
        }
    }
}
