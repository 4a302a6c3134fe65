import Foundation
import Testing

/// A scene built to crash, hang or exhaust the renderer, and the JSON path it must be refused at.
struct HostileScene: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    /// Files beside the scene (name → bytes), such as images.
    var files: [String: Data] = [:]
    var path: String
    /// Text the problem line must contain after the path.
    var fragment: String

    var testDescription: String { name }

    /// One block with `block`'s members after its id and frame; `top` goes before the canvas.
    static func scene(block: String = #""text": "Hi""#, top: String = "", canvas: String = #""width": 200, "height": 100"#) -> String {
        #"{\#(top)"canvas": {\#(canvas)}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 180}, \#(block)}]}"#
    }

    /// An SVG of the most pixels an image may have, 8192 × 8192: cheap to parse, counted in full.
    static let largestSVG = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8192" height="8192"><rect width="8192" height="4096" fill="green"/></svg>"#.utf8)

    /// A PNG of only its signature and an IHDR declaring `width` × `height`.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { data.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
        data.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        return data
    }
}

private func blurred(_ radius: String) -> String {
    #""text": [{"text": "secret", "attributes": {"blur": {"radius": \#(radius)}}}], "effects": [{"type": "blur"}]"#
}

let hostileScenes: [HostileScene] = [
    // Each of these crashed or allocated gigabytes after validate had said the scene was fine.
    HostileScene(name: "blur radius 1e8 (a 40 GB layer)", json: HostileScene.scene(block: blurred("1e8")),
                 path: "blocks[0].text[0].attributes.blur", fragment: "radius: 100000000 is out of range (0–500)"),
    HostileScene(name: "blur radius 2147483647 (overflow in the box radii)", json: HostileScene.scene(block: blurred("2147483647")),
                 path: "blocks[0].text[0].attributes.blur", fragment: "radius: 2147483647 is out of range"),
    HostileScene(name: "blur radius 1e300 (trap converting to Int)", json: HostileScene.scene(block: blurred("1e300")),
                 path: "blocks[0].text[0].attributes.blur", fragment: "is out of range (0–500)"),
    HostileScene(name: "version 2^63 - 1", json: HostileScene.scene(top: #""version": 9223372036854775807, "#),
                 path: "version", fragment: "out of range"),
    HostileScene(name: "100,000 nested Markdown quotes",
                 json: HostileScene.scene(block: #""markdown": "\#(String(repeating: ">", count: 100_000)) deep""#),
                 path: "blocks[0].markdown", fragment: "nests quotes and lists more than 32 levels deep"),
    HostileScene(name: "100,000 Markdown emphasis markers",
                 json: HostileScene.scene(block: #""markdown": "\#(String(repeating: "*", count: 50_000))a\#(String(repeating: "*", count: 50_000))""#),
                 path: "blocks[0].markdown", fragment: "more than 32 levels deep"),
    HostileScene(name: "100,000 nested markup tags",
                 json: HostileScene.scene(block: #""markup": "\#(String(repeating: "<b>", count: 100_000))x\#(String(repeating: "</b>", count: 100_000))""#),
                 path: "blocks[0].markup", fragment: "tags nest more than 64 levels deep"),
    HostileScene(name: "a scale that rounds the canvas to no pixels",
                 json: HostileScene.scene(canvas: #""width": 4, "height": 100, "scale": 0.1"#),
                 path: "canvas.scale", fragment: "is 0×10 pixels at scale 0.1; a frame needs at least one pixel a side"),
    HostileScene(name: "a day at 1000 fps (a 708 MB frame index)", json: HostileScene.scene(top: #""duration": 86400, "fps": 1000, "#),
                 path: "duration", fragment: "86400 s at 1000 fps is 86400000 frames; a scene has at most 1000000"),
    HostileScene(name: "a PNG declaring 20000×20000", json: HostileScene.scene(block: #""text": [{"image": "big.png"}]"#),
                 files: ["big.png": HostileScene.pngHeader(width: 20000, height: 20000)],
                 path: "blocks[0].text[0].image", fragment: "it declares 20000×20000 pixels; images are at most 16384 pixels a side"),
    HostileScene(name: "an SVG declaring 20000×20000", json: HostileScene.scene(block: #""text": [{"image": "big.svg"}]"#),
                 files: ["big.svg": Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="9" height="9"/></svg>"#.utf8)],
                 path: "blocks[0].text[0].image", fragment: "it declares 20000×20000 pixels"),
    HostileScene(name: "five distinct 8192×8192 images (1.3 GB decoded)",
                 json: HostileScene.scene(block: #""text": [\#((0..<5).map { #"{"image": "\#($0).svg"}"# }.joined(separator: ","))]"#),
                 files: Dictionary(uniqueKeysWithValues: (0..<5).map { ("\($0).svg", HostileScene.largestSVG) }),
                 path: "blocks[0].text[4].image",
                 fragment: "its 67108864 pixels would bring the scene's images to 335544320; the distinct images of one scene hold at most 268435456 pixels in all"),
    HostileScene(name: "101 effects on a block",
                 json: HostileScene.scene(block: #""text": "a", "effects": [\#(Array(repeating: #"{"type": "fill"}"#, count: 101).joined(separator: ","))]"#),
                 path: "blocks[0].effects", fragment: "has 101 effects; a block has at most 100"),
]

@Suite("Hostile scenes")
struct HostileSceneTests {
    func folder(with scene: HostileScene) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("hostile.json", scene.json)
        for (name, data) in scene.files { try data.write(to: dir.url.appendingPathComponent(name)) }
        return dir
    }

    @Test("validate and render refuse the scene at its JSON path, exit 2, and write nothing", arguments: hostileScenes)
    func refused(_ scene: HostileScene) throws {
        let dir = try folder(with: scene)
        defer { dir.remove() }
        let inputs = dir.contents()
        for arguments in [["validate", "hostile.json"], ["hostile.json"], ["hostile.json", "--format", "mp4", "--out", "out.mp4"],
                          ["hostile.json", "--links", "links.json", "--no-frames"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result)")
            let prefix = "hostile.json: \(scene.path): "
            #expect(result.stderrLines.first?.hasPrefix(prefix) == true, "\(arguments): \(result)")
            #expect(result.stderr.contains(scene.fragment), "\(arguments): \(result)")
            #expect(dir.contents() == inputs, "\(arguments) left files behind: \(dir.contents())")
        }
    }

    @Test("a canvas too large for an animation format is refused before any work, by render and validate --format alike")
    func canvasTooLargeForTheFormat() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("huge.json", HostileScene.scene(canvas: #""width": 16384, "height": 16384"#))
        try dir.write("wide.json", HostileScene.scene(canvas: #""width": 16384, "height": 16"#))
        try dir.write("vp9.json", HostileScene.scene(canvas: #""width": 8192, "height": 4353"#))
        // Without a format the canvas is within the limit.
        let plain = try CLI.run(["validate", "huge.json"], in: dir.url)
        #expect(plain.status == 0, "\(plain)")
        for (scene, format, fragment) in [("huge.json", "mp4", "is 16384×16384 pixels, larger than mp4 takes (ffmpeg takes frames whose (width + 128) × (height + 128) is under 268435456"),
                                          ("huge.json", "gif", "larger than gif takes"),
                                          ("wide.json", "webp", "is 16384×16 pixels, larger than webp takes (libwebp frames are at most 16383 pixels a side)"),
                                          ("vp9.json", "webm", "is 8192×4353 pixels, larger than webm takes (libvpx-vp9 frames are at most 35651584 pixels")] {
            let validate = try CLI.run(["validate", scene, "--format", format], in: dir.url)
            let render = try CLI.run([scene, "--format", format, "--out", "out.\(format)"], in: dir.url, timeout: 30)
            for result in [validate, render] {
                #expect(result.status == 2, "\(format): \(result)")
                #expect(result.stderrLines.count == 1 && result.stderrLines[0].hasPrefix("\(scene): canvas: is "), "\(result)")
                #expect(result.stderr.contains(fragment), "\(format): \(result)")
            }
            #expect(validate.stderr == render.stderr)
            #expect(dir.contents() == ["huge.json", "vp9.json", "wide.json"], "left files behind: \(dir.contents())")
        }
        let webp = try CLI.run(["validate", "wide.json", "--format", "mp4"], in: dir.url)
        #expect(webp.status == 0, "\(webp)")
        let bad = try CLI.run(["validate", "wide.json", "--format", "avi"], in: dir.url)
        #expect(bad.status != 0 && bad.stderr.contains("--format must be one of"), "\(bad)")
    }

    @Test("--scale and --fps overrides are held to the same limits as the scene's own fields")
    func overridesAreChecked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("small.json", HostileScene.scene(canvas: #""width": 4, "height": 4"#))
        let scale = try CLI.run(["small.json", "--scale", "0.1"], in: dir.url)
        #expect(scale.status == 2, "\(scale)")
        #expect(scale.stderrLines == ["--scale: the canvas is 0×0 pixels at scale 0.1; a frame needs at least one pixel a side"], "\(scale)")
        try dir.write("hour.json", HostileScene.scene(top: #""duration": 3600, "#))
        let fps = try CLI.run(["hour.json", "--fps", "1000", "--format", "none"], in: dir.url)
        #expect(fps.status == 2, "\(fps)")
        #expect(fps.stderrLines == ["--fps: 3600 s at 1000 fps is 3600000 frames; a scene has at most 1000000"], "\(fps)")
        #expect(dir.contents() == ["hour.json", "small.json"], "left files behind: \(dir.contents())")
    }

    @Test("a scene at every limit validates, and renders its last frame without a frame index")
    func atTheLimits() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // 32 quotes and, inside them, 32 emphases inside one another (`*a _a … deep … a_ a*`).
        let markdown = String(repeating: ">", count: 32) + " " + (0..<32).map { $0 % 2 == 0 ? "*a " : "_a " }.joined() + "deep"
            + (0..<32).reversed().map { $0 % 2 == 0 ? " a*" : " a_" }.joined()
        let markup = String(repeating: "<i>", count: 64) + "x" + String(repeating: "</i>", count: 64)
        let effects = Array(repeating: ##"{"type": "fill", "color": "#333"}"##, count: 100).joined(separator: ",")
        let images = (0..<8).map { #"{"image": "\#($0 % 4).svg"}"# }.joined(separator: ",")
        try dir.write("edge.json", #"""
            {"canvas": {"width": 200, "height": 150}, "fps": 1000, "duration": 1000, "blocks": [
              {"id": "blur", "frame": {"x": 0, "y": 0, "width": 180}, "effects": [{"type": "blur"}],
               "text": [{"text": "secret", "attributes": {"blur": {"radius": 500}}}]},
              {"id": "md", "frame": {"x": 0, "y": 40, "width": 180}, "markdown": "\#(markdown)"},
              {"id": "markup", "frame": {"x": 0, "y": 80, "width": 180}, "markup": "\#(markup)"},
              {"id": "effects", "frame": {"x": 0, "y": 110, "width": 180}, "text": "many", "effects": [\#(effects)]},
              {"id": "images", "frame": {"x": 0, "y": 130, "width": 180}, "text": [\#(images)]}]}
            """#)
        // Four distinct images of the largest size fill the scene's budget; shown again, they count once.
        for index in 0..<4 { try HostileScene.largestSVG.write(to: dir.url.appendingPathComponent("\(index).svg")) }
        let validate = try CLI.run(["validate", "edge.json"], in: dir.url)
        #expect(validate.status == 0, "\(validate)")
        #expect(validate.stderr.isEmpty)
        let render = try CLI.run(["edge.json", "--frame-range", "999999-999999", "--out", "frames", "--quiet"], in: dir.url)
        #expect(render.status == 0, "\(render)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("frames")) == ["frame_999999.png"])
    }
}
