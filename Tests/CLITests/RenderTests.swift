import Foundation
import Testing

/// `frame_0000.png` … for `count` frames.
func frameNames(_ count: Int) -> [String] {
    (0..<count).map { "frame_" + String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) + ".png" }
}

@Suite("Rendering")
struct RenderTests {
    @Test("--frames 30 writes exactly 30 valid PNGs of the canvas size")
    func thirtyFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good(frames: 3))
        let result = try CLI.run(["card.json", "--frames", "30", "--out", "frames"], in: dir.url)
        #expect(result.status == 0, "\(result)")

        let folder = dir.url.appendingPathComponent("frames")
        #expect(TemporaryDirectory.list(folder) == frameNames(30))
        for name in frameNames(30) {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(Array(data.prefix(8)) == PNG.signature, "\(name) is not a PNG")
            let size = PNG.size(of: data)
            #expect(size?.width == 200 && size?.height == 100, "\(name): \(String(describing: size))")
        }
        // Nothing else appeared beside the scene and the output folder.
        #expect(TemporaryDirectory.list(dir.url) == ["card.json", "frames"])
    }

    @Test("without --frames the count is round(duration × fps); --fps overrides the scene's fps")
    func frameCountFromDuration() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // duration 0.1 s at 30 fps = 3 frames; at --fps 20 = 2 frames; at --fps 50 = 5 frames.
        try dir.write("card.json", Scenes.good(frames: 3))
        let plain = try CLI.run(["card.json", "--out", "a"], in: dir.url)
        #expect(plain.status == 0, "\(plain)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("a")) == frameNames(3))

        let slower = try CLI.run(["card.json", "--out", "b", "--fps", "20"], in: dir.url)
        #expect(slower.status == 0, "\(slower)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("b")) == frameNames(2))

        let faster = try CLI.run(["card.json", "--out", "c", "--fps", "50"], in: dir.url)
        #expect(faster.status == 0, "\(faster)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("c")) == frameNames(5))
    }

    @Test("--scale 2 doubles the pixel size; canvas.scale sets it and --scale overrides it")
    func scale() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good())
        let atScale2 = Scenes.good().replacingOccurrences(of: ##""background": "#FFFFFF""##,
                                                          with: ##""background": "#FFFFFF", "scale": 2"##)
        #expect(atScale2.contains(#""scale": 2"#))
        try dir.write("retina.json", atScale2)

        func size(_ arguments: [String], _ folder: String) throws -> (width: Int, height: Int)? {
            let result = try CLI.run(arguments + ["--frames", "1", "--out", folder], in: dir.url)
            #expect(result.status == 0, "\(result)")
            let data = try Data(contentsOf: dir.url.appendingPathComponent(folder).appendingPathComponent("frame_0000.png"))
            return PNG.size(of: data)
        }
        let one = try size(["card.json"], "x1")
        #expect(one?.width == 200 && one?.height == 100)
        let two = try size(["card.json", "--scale", "2"], "x2")
        #expect(two?.width == 400 && two?.height == 200)
        let fromScene = try size(["retina.json"], "scene2")
        #expect(fromScene?.width == 400 && fromScene?.height == 200)
        let overridden = try size(["retina.json", "--scale", "1"], "override1")
        #expect(overridden?.width == 200 && overridden?.height == 100)
    }

    @Test("rendering is deterministic, and the pixels depend on the text")
    func determinism() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good(
            text: "Déjà vu — ok",
            extraBlockFields: #", "effects": [{"type": "debug"}], "opacity": [{"t": 0, "value": 0.2}, {"t": 0.1, "value": 1, "easing": "easeInOut"}]"#))
        try dir.write("other.json", Scenes.good(
            text: "Something else",
            extraBlockFields: #", "effects": [{"type": "debug"}], "opacity": [{"t": 0, "value": 0.2}, {"t": 0.1, "value": 1, "easing": "easeInOut"}]"#))
        for (scene, out) in [("card.json", "first"), ("card.json", "second"), ("other.json", "third")] {
            let result = try CLI.run([scene, "--frames", "4", "--out", out], in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        func frames(_ folder: String) throws -> [Data] {
            try frameNames(4).map { try Data(contentsOf: dir.url.appendingPathComponent(folder).appendingPathComponent($0)) }
        }
        let first = try frames("first"), second = try frames("second"), third = try frames("third")
        #expect(first == second, "two renders of the same scene differ")
        for i in 0..<4 {
            #expect(first[i] != third[i], "frame \(i) does not change with the text")
        }
        // The opacity animation changes the picture between the first and the last frame.
        #expect(first[0] != first[3])
    }

    @Test("an existing output folder keeps its unrelated files; no hidden temporary files remain")
    func existingFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good())
        try dir.write("out/notes.txt", "keep me")
        try dir.write("out/keep/inner.txt", "me too")
        try dir.write("out/poster.png", "not really a png")

        for _ in 0..<2 {  // a second run replaces the frames in place
            let result = try CLI.run(["card.json", "--frames", "3", "--out", "out"], in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        let out = dir.url.appendingPathComponent("out")
        #expect(TemporaryDirectory.list(out) == (frameNames(3) + ["keep", "notes.txt", "poster.png"]).sorted())
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
        #expect(try String(contentsOf: out.appendingPathComponent("keep/inner.txt"), encoding: .utf8) == "me too")
        #expect(try String(contentsOf: out.appendingPathComponent("poster.png"), encoding: .utf8) == "not really a png")
        let hidden = dir.contents().filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(hidden.isEmpty, "temporary files left behind: \(hidden)")
    }

    @Test("the default output folder is the scene's base name in the current folder")
    func defaultOutputFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good())
        let result = try CLI.run(["card.json", "--frames", "2"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(TemporaryDirectory.list(dir.url) == ["card", "card.json"])
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("card")) == frameNames(2))

        // A scene in another folder still renders into the current folder.
        let work = dir.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try dir.write("scenes/banner.json", Scenes.good())
        let nested = try CLI.run(["../scenes/banner.json", "--frames", "1"], in: work)
        #expect(nested.status == 0, "\(nested)")
        #expect(TemporaryDirectory.list(work) == ["banner"])
        #expect(TemporaryDirectory.list(work.appendingPathComponent("banner")) == frameNames(1))
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("scenes")) == ["banner.json"])
    }

    @Test("successful renders print nothing with --quiet or --progress none; not on a terminal, the summary (and any progress lines)",
          arguments: [["--quiet"], [], ["render", "--quiet"], ["render"], ["--progress", "none"]])
    func quietOrSummary(_ options: [String]) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good())
        let arguments = options.first == "render"
            ? ["render", "card.json"] + options.dropFirst() + ["--frames", "2", "--out", "out"]
            : ["card.json", "--frames", "2", "--out", "out"] + options
        let result = try CLI.run(arguments, in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        if options.contains("--quiet") || options.contains("none") {
            #expect(result.stderr.isEmpty, "\(result)")
        } else {
            // Standard error is a file here: progress lines only if a frame took 5 s, then the summary.
            #expect(result.stderrLines.last?.wholeMatch(of: /wrote 2 frames to \/.+\/out in \d+\.\d\d s/) != nil, "\(result)")
            #expect(result.stderrLines.allSatisfy(CLI.Result.isProgress) && !result.stderr.contains("\u{1B}"), "\(result)")
        }
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("out")) == frameNames(2))
    }
}
