import Foundation
import Testing

/// `texteffects captions`: overlay frames with alpha, videos with alpha, and errors.
@Suite("captions command")
struct CaptionsCommandTests {
    static let vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.001\nHello there, <b>this</b> is a caption.\n\n00:00:01.001 --> 00:00:01.500 line:0\nAt the top\n"

    /// What ffmpeg or ffprobe prints to standard error and standard output for `arguments`.
    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let path = try #require(["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "\(name) is missing: install ffmpeg (scripts/install-deps.sh does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("a cue at 9999 h is more frames than a scene may have: exit 2 naming the file and the limit, nothing written",
          arguments: ["frames", "overlay.mov"])
    func tooManyFrames(out: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n9998:59:59,000 --> 9999:00:00,000\nStill here?\n")
        let result = try CLI.run(["captions", "talk.srt", "--fps", "10", "--size", "320x180", "--out", out], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("talk.srt: the captions run to 9999:00:00.000, 359,964,000 frames at 10 fps, more than the limit of 1,000,000"),
                "\(result.stderr)")
        #expect(dir.contents() == ["talk.srt"])
    }

    @Test("a short SubRip file at 10 fps still renders its frames")
    func shortSubRip() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:00,500\nHello\n")
        let result = try CLI.run(["captions", "talk.srt", "--fps", "10", "--size", "320x180", "--out", "frames"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("frames")).count == 5)
    }

    @Test("what a caption file held that is ignored is said, FILE:LINE each, once a run, and not with --quiet")
    func warnings() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // Line 4: a tag WebVTT does not have; line 6: a setting not understood; the third cue ends when it starts.
        try dir.write("talk.vtt", "WEBVTT\n\n00:00:00.000 --> 00:00:00.500\nHello <blink>there</blink>\n\n00:00:00.500 --> 00:00:01.000 spin:fast\nAgain\n\n00:00:01.000 --> 00:00:01.000\nNever\n")
        let result = try CLI.run(["captions", "talk.vtt", "--fps", "10", "--size", "320x180", "--out", "frames"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let lines = result.messageLines
        #expect(lines.count == 3, "\(result)")
        #expect(lines.contains { $0.hasPrefix("talk.vtt:4: <blink> is not a WebVTT tag") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("talk.vtt:6: ") && $0.contains("spin") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("talk.vtt:9: the cue ends when it starts") }, "\(result)")

        // A scene's captions are said at their JSON path, in every language once.
        try dir.write("scene.json", #"{"canvas": {"width": 320, "height": 180}, "fps": 10, "duration": 1, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 300}, "text": "x"}], "captions": {"source": "talk.vtt"}}"#)
        let scene = try CLI.run(["scene.json", "--out", "scene-frames"], in: dir.url)
        #expect(scene.status == 0, "\(scene)")
        #expect(scene.messageLines.count == 3 && scene.messageLines.allSatisfy { $0.hasPrefix("scene.json: captions.source: talk.vtt:") }, "\(scene)")

        let quiet = try CLI.run(["captions", "talk.vtt", "--fps", "10", "--size", "320x180", "--out", "quiet", "--quiet"], in: dir.url)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
    }

    @Test("past 20 warnings a file, one line counts the rest")
    func manyWarnings() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let cues = (0..<50).map { "00:00:00.\(String(format: "%03d", $0 * 10)) --> 00:00:00.\(String(format: "%03d", $0 * 10 + 10))\n<x>cue</x> \($0)\n" }
        try dir.write("many.vtt", "WEBVTT\n\n" + cues.joined(separator: "\n"))
        let result = try CLI.run(["captions", "many.vtt", "--fps", "10", "--size", "320x180", "--out", "frames"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.messageLines.count == 21, "\(result)")
        #expect(result.messageLines.last == "many.vtt: … and 30 more warnings like these", "\(result)")
    }

    @Test("PNG frames with alpha until the last cue ends, exact at 30000/1001")
    func pngFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        let result = try CLI.run(["captions", "talk.vtt", "--size", "320x180", "--fps", "30000/1001", "--out", "frames", "--style", "broadcast"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let frames = TemporaryDirectory.contents(of: dir.url.appendingPathComponent("frames"))
        // 1.5 s at 30000/1001 fps: frames 0 … 44 (frame 45 is at 1.5015 s).
        #expect(frames.count == 45)
        #expect(frames.first == "frame_0000.png" && frames.last == "frame_0044.png")
        let probe = try Self.tool("ffprobe", ["-v", "error", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0",
                                              dir.url.appendingPathComponent("frames/frame_0010.png").path])
        #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "rgba", "\(probe)")
        // Transparent corners, opaque plate pixels: read the raw RGBA of frame 10.
        let raw = dir.url.appendingPathComponent("f.rgba")
        _ = try Self.tool("ffmpeg", ["-v", "error", "-y", "-i", dir.url.appendingPathComponent("frames/frame_0010.png").path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        let bytes = [UInt8](try Data(contentsOf: raw))
        try #require(bytes.count == 320 * 180 * 4)
        #expect(bytes[3] == 0, "the top-left corner is transparent")
        #expect(stride(from: 3, to: bytes.count, by: 4).contains { bytes[$0] == 255 }, "the caption is opaque somewhere")
        #expect(stride(from: 3, to: bytes.count, by: 4).contains { bytes[$0] > 0 && bytes[$0] < 255 }, "the plate is translucent")
    }

    @Test("--png-compression fast: overlay frames (RGBA, mostly blank rows) with the default's pixels in other bytes")
    func fastPNGFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        for (out, extra) in [("portable", [String]()), ("fast", ["--png-compression", "fast"])] {
            let result = try CLI.run(["captions", "talk.vtt", "--size", "320x180", "--out", out, "--style", "broadcast"] + extra, in: dir.url)
            #expect(result.status == 0, "\(out): \(result)")
        }
        let frames = TemporaryDirectory.contents(of: dir.url.appendingPathComponent("portable"))
        #expect(frames == TemporaryDirectory.contents(of: dir.url.appendingPathComponent("fast")) && frames.count > 30)
        for name in ["frame_0000.png", "frame_0010.png", "frame_0040.png"] {
            let portable = dir.url.appendingPathComponent("portable/\(name)"), fast = dir.url.appendingPathComponent("fast/\(name)")
            #expect(try Data(contentsOf: portable) != Data(contentsOf: fast), "\(name)")
            #expect(try BatchCommandTests.scanlines(of: portable) == BatchCommandTests.scanlines(of: fast), "\(name)")
        }
    }

    @Test("a .mov's half-transparent edges have the PNG frames' colours (alpha made straight, not left premultiplied)")
    func movEdgesMatchThePNGs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        for out in ["frames", "overlay.mov"] {
            let result = try CLI.run(["captions", "talk.vtt", "--size", "320x180", "--out", out, "--style", "broadcast"], in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        func rgba(_ input: String, _ extra: [String]) throws -> [UInt8] {
            let raw = dir.url.appendingPathComponent("f.rgba")
            _ = try Self.tool("ffmpeg", ["-v", "error", "-y", "-i", dir.url.appendingPathComponent(input).path] + extra
                                  + ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
            return [UInt8](try Data(contentsOf: raw))
        }
        let png = try rgba("frames/frame_0010.png", []), mov = try rgba("overlay.mov", ["-vf", "select=eq(n\\,10)"])
        try #require(png.count == 320 * 180 * 4 && mov.count == png.count)
        var edges = 0, total = 0
        for i in stride(from: 0, to: png.count, by: 4) where png[i + 3] > 20 && png[i + 3] < 235 && png[i] > 64 {
            edges += 1
            total += (0..<3).map { abs(Int(png[i + $0]) - Int(mov[i + $0])) }.max()!
        }
        #expect(edges > 50, "the caption has antialiased light edges")
        // Premultiplied colour read as straight came out 16 levels darker on average.
        #expect(Double(total) / Double(max(edges, 1)) < 2, "mean difference \(Double(total) / Double(max(edges, 1)))")
    }

    @Test("mov is ProRes 4444 and webm is VP9, both with alpha", arguments: ["mov", "webm"])
    func videoWithAlpha(ext: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        let result = try CLI.run(["captions", "talk.vtt", "--size", "320x180", "--fps", "30000/1001", "--out", "overlay.\(ext)", "--style", "bold-pop"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let file = dir.url.appendingPathComponent("overlay.\(ext)").path
        #expect(dir.contents() == ["overlay.\(ext)", "talk.vtt"], "no temporary files left")
        let probe = try Self.tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=codec_name,pix_fmt,r_frame_rate,nb_read_frames:stream_tags=alpha_mode", "-of", "compact", file])
        #expect(probe.contains("r_frame_rate=30000/1001") && probe.contains("nb_read_frames=45"), "\(probe)")
        if ext == "mov" {
            #expect(probe.contains("codec_name=prores") && probe.contains("pix_fmt=yuva444p"), "\(probe)")
        } else {
            // VP9 keeps alpha in a side stream that only libvpx decodes.
            #expect(probe.contains("codec_name=vp9") && probe.contains("alpha_mode=1"), "\(probe)")
            let info = try Self.tool("ffmpeg", ["-hide_banner", "-c:v", "libvpx-vp9", "-i", file])
            #expect(info.contains("yuva420p"), "\(info)")
        }
    }

    @Test("a bad caption file exits 2 with file:line")
    func badFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.0\nHi\n")
        let result = try CLI.run(["captions", "bad.vtt", "--out", "frames"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.first?.hasPrefix("bad.vtt:3") == true, "\(result)")
        #expect(dir.contents() == ["bad.vtt"], "nothing written")
    }

    @Test("bad options exit 2", arguments: [
        ["--fps", "30/0"], ["--fps", "fast"], ["--size", "1920"], ["--size", "0x10"], ["--style", "nope"], ["--out", "x.mp4"],
    ])
    func badOptions(arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        var args = ["captions", "talk.vtt"] + arguments
        if !arguments.contains("--out") { args += ["--out", "frames"] }
        let result = try CLI.run(args, in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("a bad style file exits 2 with its JSON paths")
    func badStyle() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        try dir.write("style.json", ##"{"font": {"size": "huge"}, "plate": {"color": "#12G"}}"##)
        let result = try CLI.run(["captions", "talk.vtt", "--style", "style.json", "--out", "frames"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("style.json: font.size:") }, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("style.json: plate.color:") }, "\(result)")
    }

    @Test("a style file that is not JSON exits 2 with FILE:LINE:COLUMN and the parser's reason")
    func styleSyntaxError() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.vtt", Self.vtt)
        try dir.write("style.json", "{\n  \"font\": {\"size\": 40},\n  \"plate\": {\"color\": #123}\n}\n")
        let result = try CLI.run(["captions", "talk.vtt", "--style", "style.json", "--out", "frames"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("style.json:3:"), "\(result)")
        #expect(line.contains(": not valid JSON: "), "\(result)")
        #expect(!line.contains("JSONSyntaxError") && !line.contains("RenderPipeline"), "no internal type name: \(line)")
        #expect(dir.contents() == ["style.json", "talk.vtt"], "nothing written")
    }

    @Test("validate checks a scene's captions")
    func validateScene() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.srt", "1\n00:00:01,000 -> 00:00:02,000\nHi\n")
        try dir.write("scene.json", #"{"canvas": {"width": 100, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 90}, "text": "x"}], "captions": {"source": "bad.srt", "style": "broadcast"}}"#)
        let result = try CLI.run(["validate", "scene.json"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.first?.hasPrefix("scene.json: captions.source: bad.srt:2") == true, "\(result)")
    }
}
