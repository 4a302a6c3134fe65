import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `image` blocks: a photo as a block of its own, sized as SwiftUI sizes a resizable image
/// (fixed, by its aspect ratio, fitted or filled to what it is offered), at the top level and in
/// stacks, drawn with the presentation image spans have. Photos are Scenes/assets/sunset.jpg
/// (1200 × 800) and dot.png (96 × 96).
@Suite struct ImageBlockTests {
    static let scenes = TestFonts.repositoryRoot.appendingPathComponent("Scenes")

    /// The scene with `blocks` (JSON) on a 600×400 canvas, read from Scenes/ (so assets/… resolve),
    /// its stacks resolved.
    static func resolved(_ blocks: String, canvas: String = #""width": 600, "height": 400"#) throws -> SceneRenderer {
        TestFonts.pin()
        let json = ##"{"canvas": {\##(canvas)}, "blocks": [\##(blocks)]}"##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), baseDirectory: scenes)
        return try SceneRenderer(scene: scene)
    }

    static func frame(_ renderer: SceneRenderer, _ id: String) throws -> Block.Frame {
        try #require(renderer.scene.blocks.first { $0.id == id }).frame
    }

    @Test("at the top level: a fixed size as given, one side by the aspect ratio, neither the image's own size", arguments: [
        (#""width": 300, "height": 120"#, 300.0, 120.0), (#""width": 300"#, 300.0, 200.0), (#""height": 100"#, 150.0, 100.0), ("", 1200.0, 800.0),
    ])
    func topLevelSizes(size: String, width: Double, height: Double) throws {
        let frame = "\"x\": 10, \"y\": 20" + (size.isEmpty ? "" : ", " + size)
        let renderer = try Self.resolved(##"{"id": "photo", "frame": {\##(frame)}, "image": "assets/sunset.jpg", "contentMode": "fill"}"##)
        let block = try #require(renderer.scene.blocks.first)
        #expect(block.frame == Block.Frame(x: 10, y: 20, width: width, height: height))
        #expect(block.image?.image.presentation.contentMode == .fill)
    }

    @Test("in a stack, a fixed-size image gets its size first and a text the rest")
    func fixedImageInHorizontalStack() throws {
        let renderer = try Self.resolved(##"""
        {"id": "row", "frame": {"x": 0, "y": 0, "width": 600},
         "stack": {"axis": "horizontal", "alignment": "top", "spacing": 20, "padding": 10, "children": [
           {"id": "photo", "image": "assets/sunset.jpg", "contentMode": "fill", "frame": {"width": 360, "height": 240}},
           {"id": "text", "style": {"font": {"family": "DejaVu Sans", "size": 20}},
            "text": "A caption long enough that it has to wrap onto several lines beside the photo"}]}}
        """##)
        let photo = try Self.frame(renderer, "photo"), text = try Self.frame(renderer, "text")
        #expect(photo == Block.Frame(x: 10, y: 10, width: 360, height: 240))
        #expect(text.x == 10 + 360 + 20)
        #expect(text.width <= 600 - 10 - 360 - 20 - 10, "the text is offered what the photo leaves: \(text.width)")
    }

    @Test("a text child holding a photo wider than its share takes the photo's width; the next child starts after it")
    func textHoldingWidePhoto() throws {
        // 600 − 2 × 10 padding − 20 spacing = 560 for two children: an equal share is 280, less than
        // the 400-point photo. Before, the photo's text was given 280 and drew its photo over the caption.
        let renderer = try Self.resolved(##"""
        {"id": "row", "frame": {"x": 0, "y": 0, "width": 600},
         "stack": {"axis": "horizontal", "alignment": "top", "spacing": 20, "padding": 10, "children": [
           {"id": "photo", "text": [{"image": "assets/sunset.jpg", "width": 400, "height": 200, "contentMode": "fill"}]},
           {"id": "caption", "style": {"font": {"family": "DejaVu Sans", "size": 16}},
            "text": "A caption that wraps to the width the photo leaves it"}]}}
        """##)
        let photo = try Self.frame(renderer, "photo"), caption = try Self.frame(renderer, "caption")
        #expect(photo.x == 10 && photo.width == 400)
        #expect(caption.x == 10 + 400 + 20, "the caption starts after the photo: \(caption.x)")
        #expect(caption.width <= 160, "the caption gets what is left (560 − 400): \(caption.width)")
        let layout = try #require(renderer.layouts[renderer.scene.blocks.firstIndex { $0.id == "caption" }!])
        #expect(layout.count > 1, "it wraps in what is left")
    }

    @Test("fill without a size takes what it is offered, fit the largest of its aspect ratio inside")
    func flexibleImages() throws {
        let renderer = try Self.resolved(##"""
        {"id": "column", "frame": {"x": 0, "y": 0, "width": 300, "height": 400},
         "stack": {"axis": "vertical", "spacing": 0, "children": [
           {"id": "fit", "image": "assets/sunset.jpg", "contentMode": "fit"},
           {"id": "fill", "image": "assets/sunset.jpg", "contentMode": "fill"}]}}
        """##)
        let fit = try Self.frame(renderer, "fit"), fill = try Self.frame(renderer, "fill")
        // fit is the less flexible (its height follows its width): offered 300 × 200, it is 300 × 200;
        // fill then takes the 200 left.
        #expect(fit.width == 300 && fit.height == 200)
        #expect(fill.y == 200 && fill.width == 300 && fill.height == 200)
    }

    @Test("drawn: the photo fills its frame, a circle clip leaves the corners clear, opacity fades it")
    func drawsClippedAndFaded() throws {
        let blocks = { (opacity: Double) in ##"""
        {"id": "dot", "frame": {"x": 20, "y": 20, "width": 100, "height": 100}, "image": "assets/sunset.jpg",
         "contentMode": "fill", "clipShape": "circle", "opacity": \##(opacity)}
        """## }
        let canvas = #""width": 140, "height": 140, "background": null"#
        let opaque = try Self.resolved(blocks(1), canvas: canvas).renderFrame(0)
        let faded = try Self.resolved(blocks(0.5), canvas: canvas).renderFrame(0)
        let alpha = { (surface: ImageSurface, x: Int, y: Int) in surface.withPixels { Int($0[y * surface.stride + x * 4 + 3]) } }
        #expect(alpha(opaque, 70, 70) == 255, "the centre is photo")
        #expect(alpha(opaque, 24, 24) == 0, "a corner of the frame is outside the circle")
        #expect(alpha(opaque, 10, 70) == 0, "nothing outside the frame")
        #expect(abs(alpha(faded, 70, 70) - 128) <= 1, "opacity 0.5 halves it: \(alpha(faded, 70, 70))")
    }

    @Test("an unevenRoundedRectangle clip rounds only the corners it names: a header photo rounded at the top")
    func unevenClip() throws {
        let block = ##"""
        {"id": "header", "frame": {"x": 20, "y": 20, "width": 100, "height": 60}, "image": "assets/sunset.jpg", "contentMode": "fill",
         "clipShape": {"type": "unevenRoundedRectangle", "cornerRadii": {"topLeading": 20, "topTrailing": 20}, "style": "circular"}}
        """##
        let surface = try Self.resolved(block, canvas: #""width": 140, "height": 100, "background": null"#).renderFrame(0)
        let alpha = { (x: Int, y: Int) in surface.withPixels { Int($0[y * surface.stride + x * 4 + 3]) } }
        #expect(alpha(22, 22) == 0 && alpha(117, 22) == 0, "the top corners are cut")
        #expect(alpha(20, 79) == 255 && alpha(119, 79) == 255, "the bottom corners are square")
        #expect(alpha(70, 50) == 255)
    }

    @Test("a template image is its alpha filled with the block's colour; alt is the block's text")
    func templateAndAlt() throws {
        let blocks = { (fields: String) in ##"""
        {"id": "dot", "frame": {"x": 20, "y": 20, "width": 96, "height": 96}, "image": "assets/dot.png"\##(fields)}
        """## }
        let canvas = #""width": 136, "height": 136, "background": null"#
        let original = try Self.resolved(blocks(""), canvas: canvas).renderFrame(0)
        let tinted = try Self.resolved(blocks(##", "template": true, "color": "#1E90FF", "alt": "Status: online""##), canvas: canvas)
        let image = try tinted.renderFrame(0)
        let pixel = { (surface: ImageSurface, x: Int, y: Int) in surface.withPixels { p in (0..<4).map { Int(p[y * surface.stride + x * 4 + $0]) } } }
        // Wherever the dot has coverage the template keeps its alpha and takes the colour
        // (premultiplied BGRA: blue 0xFF, green 0x90, red 0x1E scaled by alpha).
        var covered = 0
        for y in stride(from: 20, to: 116, by: 3) {
            for x in stride(from: 20, to: 116, by: 3) {
                let a = pixel(original, x, y), b = pixel(image, x, y)
                #expect(a[3] == b[3], "alpha kept at \(x),\(y)")
                guard b[3] == 255 else { continue }
                covered += 1
                #expect(b[0] == 0xFF && b[1] == 0x90 && b[2] == 0x1E, "\(b) at \(x),\(y)")
            }
        }
        #expect(covered > 100, "the dot covers most of its frame: \(covered)")
        #expect(tinted.scene.blocks.first?.image?.alt == "Status: online")
        // Without a colour a template is black, SwiftUI's primary.
        let black = try Self.resolved(blocks(#", "template": true"#), canvas: canvas).renderFrame(0)
        #expect(pixel(black, 68, 68) == [0, 0, 0, 255])
    }

    @Test("bad input names the field", arguments: [
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/missing.jpg"}"##, "s.json: blocks[0].image: \"assets/missing.jpg\" cannot be read"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0, "width": -5}, "image": "assets/sunset.jpg"}"##, "s.json: blocks[0].frame.width: -5 is out of range"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/sunset.jpg", "contentMode": "cover"}"##, "s.json: blocks[0].contentMode: \"cover\" is not one of: fit, fill"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/sunset.jpg", "lineLimit": 2}"##, "s.json: blocks[0].lineLimit"),
        (##"{"id": "p", "frame": {"x": 0}, "image": "assets/sunset.jpg"}"##, "s.json: blocks[0].frame.y"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/dot.png", "color": "#FF0000"}"##, "s.json: blocks[0].color: applies to a template image"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/dot.png", "template": true, "color": "reddish"}"##, "s.json: blocks[0].color"),
        (##"{"id": "p", "frame": {"x": 0, "y": 0}, "image": "assets/dot.png", "alt": ""}"##, "s.json: blocks[0].alt: an image's alt text cannot be empty"),
        (##"{"id": "s", "frame": {"x": 0, "y": 0}, "stack": {"axis": "vertical", "children": [{"image": "assets/sunset.jpg", "frame": {"width": "wide"}}]}}"##,
         "s.json: blocks[0].stack.children[0].frame.width"),
    ])
    func badInput(block: String, expected: String) {
        let json = ##"{"canvas": {"width": 100, "height": 100}, "blocks": [\##(block)]}"##
        let lines = sceneProblemLines(json, baseDirectory: Self.scenes)
        #expect(lines.contains { $0.hasPrefix(expected) }, "\(lines)")
    }
}
