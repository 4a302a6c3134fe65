import Foundation
import Testing

@Suite("animated output and frame ranges")
struct AnimationOutputTests {
    static let scene = #"""
        {"canvas": {"width": 161, "height": 90, "background": "#FFFFFF"}, "fps": 10, "duration": 1.2,
         "blocks": [{"id": "a", "frame": {"x": 8, "y": 20, "width": 150},
                     "style": {"font": {"family": "DejaVu Sans", "size": 24}}, "text": "wave ffi",
                     "effects": [{"type": "wave", "amplitude": 6}, {"type": "appear", "unit": "glyph", "duration": 0.8}]}]}
        """#

    static var ffprobe: String? {
        ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Frame count, width and height as ffprobe decodes them.
    static func probe(_ file: URL) throws -> (frames: Int, width: Int, height: Int) {
        let tool = try #require(ffprobe, "ffprobe is missing: install ffmpeg (scripts/install-deps.sh does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                             "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        try #require(fields.count == 3, "ffprobe said \(String(decoding: data, as: UTF8.self))")
        return (fields[2], fields[0], fields[1])
    }

    @Test("mp4, gif and apng have every frame at the canvas size (mp4 padded to even)", arguments: ["mp4", "gif", "apng"])
    func videoFormats(format: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        let result = try CLI.run(["clip.json", "--format", format], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let ext = format == "apng" ? "png" : format
        let file = dir.url.appendingPathComponent("clip.\(ext)")
        let probed = try Self.probe(file)
        #expect(probed.frames == 12)
        #expect(probed.width == (format == "mp4" ? 162 : 161))
        #expect(probed.height == 90)
        #expect(dir.contents() == ["clip.\(ext)", "clip.json"].sorted(), "no temporary files left")
    }

    @Test("--out NAME.mp4 (.gif, .apng) alone is that animation, not a folder of PNGs so named", arguments: ["mp4", "gif", "apng"])
    func outExtensionPicksTheAnimation(ext: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        let result = try CLI.run(["clip.json", "--out", "clip.\(ext)"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let file = dir.url.appendingPathComponent("clip.\(ext)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && !isFolder.boolValue)
        let probed = try Self.probe(file)
        #expect(probed.frames == 12, "\(probed)")
        // The same bytes as --format asks for.
        let named = try CLI.run(["clip.json", "--format", ext, "--out", "named.\(ext)"], in: dir.url)
        #expect(named.status == 0, "\(named)")
        #expect(try Data(contentsOf: file).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("named.\(ext)"))))
    }

    @Test("webp is an animated WebP with every frame")
    func webp() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        let result = try CLI.run(["clip.json", "--format", "webp", "--out", "anim.webp", "--frames", "7"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: dir.url.appendingPathComponent("anim.webp"))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        // ffmpeg cannot decode animated WebP; count its ANMF (animation frame) chunks instead.
        var frames = 0, offset = 12
        while offset + 8 <= data.count {
            let tag = String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + 4)], as: UTF8.self)
            let size = data[(data.startIndex + offset + 4)..<(data.startIndex + offset + 8)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            if tag == "ANMF" { frames += 1 }
            offset += 8 + size + (size & 1)
        }
        #expect(frames == 7)
    }

    @Test("frame N is byte-identical whether rendered alone or in a full run")
    func frameRange() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        #expect(try CLI.run(["clip.json", "--out", "all"], in: dir.url).status == 0)
        let alone = try CLI.run(["clip.json", "--out", "some", "--frame-range", "5-6"], in: dir.url)
        #expect(alone.status == 0, "\(alone)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("some")) == ["frame_0005.png", "frame_0006.png"])
        for name in ["frame_0005.png", "frame_0006.png"] {
            let a = try Data(contentsOf: dir.url.appendingPathComponent("all/\(name)"))
            let b = try Data(contentsOf: dir.url.appendingPathComponent("some/\(name)"))
            #expect(a == b, "\(name) differs")
        }
        let single = try CLI.run(["clip.json", "--out", "one", "--frame-range", "11"], in: dir.url)
        #expect(single.status == 0, "\(single)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("one")) == ["frame_0011.png"])
    }

    /// Big enough that a lone frame is drawn in bands, each compressed while the next is drawn,
    /// with a blurred span and a shadow across a band edge.
    static let largeScene = #"""
        {"canvas": {"width": 900, "height": 700, "background": "#F4F1EA"}, "fps": 10, "duration": 0.5,
         "blocks": [{"id": "a", "frame": {"x": 40, "y": 250, "width": 820},
                     "style": {"font": {"family": "DejaVu Sans", "size": 64}, "color": "#1D2B3A"},
                     "text": [{"text": "Bands "}, {"text": "meet here", "attributes": {"blur": {}}}, {"text": " unseen"}],
                     "effects": [{"type": "blur", "radius": 10},
                                 {"type": "shadow", "radius": 12, "y": 6, "color": "#00000066"},
                                 {"type": "wave", "amplitude": 8}]}]}
        """#

    @Test("a lone frame (drawn in bands) is byte-identical to the same frame of a full run")
    func loneFrameMatchesFullRun() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("large.json", Self.largeScene)
        let all = try CLI.run(["large.json", "--out", "all"], in: dir.url)
        #expect(all.status == 0, "\(all)")
        for frame in ["0", "3"] {
            let one = try CLI.run(["large.json", "--out", "one-\(frame)", "--frame-range", frame], in: dir.url)
            #expect(one.status == 0, "\(one)")
            let name = "frame_000\(frame).png"
            let a = try Data(contentsOf: dir.url.appendingPathComponent("all/\(name)"))
            let b = try Data(contentsOf: dir.url.appendingPathComponent("one-\(frame)/\(name)"))
            #expect(a == b, "\(name) differs")
        }
    }

    @Test("bad --format and --frame-range values exit 2", arguments: [["--format", "avi"], ["--frame-range", "9-3"], ["--frame-range", "0-40"], ["--frame-range", "x"]])
    func badOptions(arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        let result = try CLI.run(["clip.json"] + arguments, in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(dir.contents() == ["clip.json"])
    }

    @Test("without ffmpeg, an animation fails with the apt package to install")
    func ffmpegMissing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        let result = try CLI.run(["clip.json", "--format", "mp4"], in: dir.url, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("apt-get install ffmpeg"), "\(result)")
        #expect(dir.contents() == ["clip.json"])
    }

    @Test("--threads 1 gives the same frames as all cores; --format none renders and writes nothing")
    func threadsAndNone() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("clip.json", Self.scene)
        #expect(try CLI.run(["clip.json", "--out", "many"], in: dir.url).status == 0)
        #expect(try CLI.run(["clip.json", "--out", "one", "--threads", "1"], in: dir.url).status == 0)
        let names = TemporaryDirectory.contents(of: dir.url.appendingPathComponent("many"))
        #expect(names.count == 12)
        for name in names {
            let a = try Data(contentsOf: dir.url.appendingPathComponent("many/\(name)"))
            let b = try Data(contentsOf: dir.url.appendingPathComponent("one/\(name)"))
            #expect(a == b, "\(name) differs between one thread and all")
        }
        let none = try CLI.run(["clip.json", "--format", "none", "--out", "nothing"], in: dir.url)
        #expect(none.status == 0, "\(none)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("nothing").path))
        #expect(try CLI.run(["clip.json", "--threads", "0"], in: dir.url).status == 2)
    }

    @Test("effects lists every built-in effect with its parameters")
    func effectsListing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let result = try CLI.run(["effects"], in: dir.url)
        #expect(result.status == 0)
        for name in ["appear", "background", "blur", "bounce", "debug", "fill", "rotate", "shadow", "shimmer", "stroke", "typewriter", "vary", "wave"] {
            #expect(result.stdout.contains("\n\(name) — ") || result.stdout.hasPrefix("\(name) — "), "missing \(name)")
        }
        #expect(result.stdout.contains("elementDuration"))
    }

    @Test("bad effect parameters and selectors exit 2 with their JSON paths")
    func badEffectParameters() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.json", #"""
            {"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x",
             "effects": [{"type": "wave", "amplitude": "big", "wavelenght": 3},
                         {"type": "blur", "select": {"unit": "sentence"}},
                         {"type": "appear", "select": {"link": true, "attribute": "x"}}]}]}
            """#)
        let result = try CLI.run(["validate", "bad.json"], in: dir.url)
        #expect(result.status == 2)
        let lines = result.stderrLines
        #expect(lines.count == 4, "\(result)")
        #expect(lines.contains { $0.hasPrefix("bad.json: blocks[0].effects[0].amplitude: expected a number") })
        #expect(lines.contains { $0.hasPrefix("bad.json: blocks[0].effects[0].wavelenght: unknown parameter of wave") })
        #expect(lines.contains { $0.hasPrefix(#"bad.json: blocks[0].effects[1].select.unit: "sentence" is not one of: glyph, word, line"#) })
        #expect(lines.contains { $0.hasPrefix("bad.json: blocks[0].effects[2].select: has attribute and link") })
    }
}
