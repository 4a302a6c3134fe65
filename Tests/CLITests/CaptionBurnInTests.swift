import Foundation
import Testing

/// `texteffects captions SUBS --over VIDEO --out OUT.mp4` through the real binary: the captions
/// land on the video's own frames, and the result keeps the video's size, frame rate, length
/// and audio. Clips are made by ffmpeg's test sources, small and short.
@Suite("captions burned into a video")
struct CaptionBurnInTests {
    static func tool(_ name: String, _ arguments: [String]) throws -> String { try CaptionsCommandTests.tool(name, arguments) }

    /// A clip of ffmpeg's moving test picture with a tone, encoded fast.
    static func makeClip(_ url: URL, size: String = "320x180", rate: String = "30000/1001", seconds: Double = 3,
                         audio: [String] = ["-c:a", "aac"], extra: [String] = []) throws {
        let output = try tool("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y",
                                         "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)",
                                         "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
                                         "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] + audio + extra + [url.path])
        #expect(output.isEmpty, "\(output)")
    }

    /// `ffprobe -count_frames` of each stream: codec, size, rate, frames and duration.
    static func streams(_ url: URL) throws -> [[String: String]] {
        let text = try tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries",
                                        "stream=codec_type,codec_name,width,height,r_frame_rate,nb_read_frames,duration",
                                        "-of", "compact", url.path])
        return text.split(whereSeparator: \.isNewline).map { line in
            Dictionary(line.split(separator: "|").dropFirst().compactMap { field in
                let pair = field.split(separator: "=", maxSplits: 1)
                return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Frame `index` of `video` as grey levels, one byte a pixel.
    static func greyFrame(_ video: URL, _ index: Int, in dir: TemporaryDirectory) throws -> [UInt8] {
        let raw = dir.url.appendingPathComponent("frame-\(index).gray")
        _ = try tool("ffmpeg", ["-v", "error", "-y", "-i", video.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        defer { try? FileManager.default.removeItem(at: raw) }
        return [UInt8](try Data(contentsOf: raw))
    }

    /// The mean absolute difference of two grey frames over rows `rows` (of `width` pixels).
    static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>) -> Double {
        var total = 0
        for i in rows.lowerBound * width..<rows.upperBound * width { total += abs(Int(a[i]) - Int(b[i])) }
        return Double(total) / Double(rows.count * width)
    }

    @Test("burn-in keeps the video's size, frame rate, frame count and audio; cues land on their own frames")
    func keepsTheVideo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let clip = dir.url.appendingPathComponent("clip.mp4")
        try Self.makeClip(clip)
        // At 30000/1001 fps, 0.5 s is first reached by frame 15 (0.5005 s) and 2.0 s by frame 60.
        try dir.write("talk.srt", "1\n00:00:00,500 --> 00:00:02,000\nBurned into the picture\n")
        let result = try CLI.run(["captions", "talk.srt", "--over", "clip.mp4", "--out", "made/burned.mp4", "--style", "broadcast"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let out = dir.url.appendingPathComponent("made/burned.mp4")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("made")) == ["burned.mp4"], "no temporary files left")

        let source = try Self.streams(clip), burned = try Self.streams(out)
        let sourceVideo = try #require(source.first { $0["codec_type"] == "video" })
        let video = try #require(burned.first { $0["codec_type"] == "video" }, "\(burned)")
        #expect(video["codec_name"] == "h264")
        #expect(video["width"] == "320" && video["height"] == "180")
        #expect(video["r_frame_rate"] == "30000/1001")
        #expect(video["nb_read_frames"] == sourceVideo["nb_read_frames"], "\(video) vs \(sourceVideo)")
        let sourceAudio = try #require(source.first { $0["codec_type"] == "audio" })
        let audio = try #require(burned.first { $0["codec_type"] == "audio" }, "the audio stream is kept: \(burned)")
        // Copied, not re-encoded: the same codec and exactly as many audio frames.
        #expect(audio["codec_name"] == "aac" && audio["nb_read_frames"] == sourceAudio["nb_read_frames"], "\(audio) vs \(sourceAudio)")

        // The caption band (the lower third) changes exactly from frame 15 through 59; the top
        // half never does beyond compression noise.
        for (index, captioned) in [(14, false), (15, true), (59, true), (60, false)] {
            let before = try Self.greyFrame(clip, index, in: dir), after = try Self.greyFrame(out, index, in: dir)
            try #require(before.count == 320 * 180 && after.count == before.count)
            let band = Self.difference(before, after, width: 320, rows: 120..<180)
            let top = Self.difference(before, after, width: 320, rows: 0..<90)
            #expect(top < 4, "frame \(index): the picture above the captions is unchanged (\(top))")
            if captioned {
                #expect(band > 12, "frame \(index) shows the caption (\(band))")
            } else {
                #expect(band < 4, "frame \(index) shows no caption (\(band))")
            }
        }
    }

    @Test("a translucent plate blends over the video as over any picture: half white on grey is halfway between them")
    func translucentCaptionsBlendWithStraightAlpha() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let clip = dir.url.appendingPathComponent("grey.mp4")
        _ = try Self.tool("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=0x808080:size=320x180:rate=30:duration=1",
                                     "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip.path])
        try dir.write("dot.srt", "1\n00:00:00,000 --> 00:00:01,000\n.\n")
        try dir.write("plate.json", ##"{"color": "#FFFFFF", "plate": {"color": "#FFFFFF80", "cornerRadius": 0, "padding": [50, 20]}, "outline": false, "shadow": false}"##)
        let result = try CLI.run(["captions", "dot.srt", "--over", "grey.mp4", "--out", "out.mp4", "--style", "plate.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let frame = try Self.greyFrame(dir.url.appendingPathComponent("out.mp4"), 10, in: dir)
        try #require(frame.count == 320 * 180)
        // Grey 128 under white at half opacity is about 191. Premultiplied colour read as
        // straight would leave the plate grey (128), and a darkened edge would show below 180.
        let plate = frame.filter { (184...199).contains($0) }.count
        let between = frame.filter { (140...175).contains($0) }.count
        #expect(plate > 3000, "the plate's pixels: \(plate)")
        #expect(between < plate / 10, "few pixels between grey and the plate (edges only): \(between)")
    }

    @Test("a video of odd width and height (4:4:4 H.264, which allows it) is padded to even by one black pixel each way")
    func oddSizedVideo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let clip = dir.url.appendingPathComponent("odd.mp4")
        _ = try Self.tool("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=white:size=322x242:rate=10:duration=1,format=yuv444p,crop=321:241:0:0",
                                     "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", clip.path])
        try dir.write("odd.srt", "1\n00:00:00,000 --> 00:00:01,000\nOdd sizes\n")
        let result = try CLI.run(["captions", "odd.srt", "--over", "odd.mp4", "--out", "out.mp4"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let out = dir.url.appendingPathComponent("out.mp4")
        let video = try #require(try Self.streams(out).first { $0["codec_type"] == "video" })
        #expect(video["width"] == "322" && video["height"] == "242" && video["nb_read_frames"] == "10", "\(video)")
        // The white picture keeps its place; the added column and row are black.
        let frame = try Self.greyFrame(out, 5, in: dir)
        try #require(frame.count == 322 * 242)
        #expect(frame[10 * 322 + 10] > 235 && frame[10 * 322 + 319] > 235, "the picture's own pixels stay white")
        #expect(frame[10 * 322 + 321] < 40 && frame[241 * 322 + 10] < 40, "the padding is black")
    }

    @Test("a video shorter than its captions ends the output; PCM audio from a .mov becomes AAC; a sideways phone video stays upright")
    func videoShapes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("long.srt", "1\n00:00:00,000 --> 00:00:09,000\nLonger than the clip\n")
        let clip = dir.url.appendingPathComponent("camera.mov")
        try Self.makeClip(clip, size: "160x96", rate: "25", seconds: 1, audio: ["-c:a", "pcm_s16le"])
        let result = try CLI.run(["captions", "long.srt", "--over", "camera.mov", "--out", "camera.mp4"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let burned = try Self.streams(dir.url.appendingPathComponent("camera.mp4"))
        #expect(burned.first { $0["codec_type"] == "video" }?["nb_read_frames"] == "25", "\(burned)")
        #expect(burned.first { $0["codec_type"] == "audio" }?["codec_name"] == "aac", "\(burned)")

        // Stored 160×96 with a 90° display rotation: shown (and burned) 96×160.
        let stored = dir.url.appendingPathComponent("stored.mp4")
        try Self.makeClip(stored, size: "160x96", rate: "25", seconds: 1)
        _ = try Self.tool("ffmpeg", ["-v", "error", "-y", "-i", stored.path, "-c", "copy", "-metadata:s:v:0", "rotate=90",
                                     dir.url.appendingPathComponent("phone.mp4").path])
        let phone = try CLI.run(["captions", "long.srt", "--over", "phone.mp4", "--out", "phone-out.mp4"], in: dir.url)
        #expect(phone.status == 0, "\(phone)")
        let upright = try Self.streams(dir.url.appendingPathComponent("phone-out.mp4"))
        let video = try #require(upright.first { $0["codec_type"] == "video" })
        #expect(video["width"] == "96" && video["height"] == "160", "\(video)")
    }

    @Test("bad videos and options exit 2 with the reason, writing nothing")
    func badInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:01,000\nHello\n")
        try dir.write("notes.mp4", "not a video at all")
        _ = try Self.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac",
                                     dir.url.appendingPathComponent("voice.m4a").path])
        #expect(mkfifo(dir.url.appendingPathComponent("pipe.mp4").path, 0o644) == 0)
        let cases: [([String], String)] = [
            (["--over", "missing.mp4", "--out", "o.mp4"], "--over missing.mp4: cannot be read (no such file)"),
            (["--over", "pipe.mp4", "--out", "o.mp4"], "--over pipe.mp4: cannot be read (it is not a regular file)"),
            (["--over", "notes.mp4", "--out", "o.mp4"], "--over notes.mp4: is not a video ffmpeg can read ("),
            (["--over", "voice.m4a", "--out", "o.mp4"], "--over voice.m4a: has no video stream"),
            (["--over", "voice.m4a", "--out", "o.mov"], "captions burned into a video are written as an .mp4"),
            (["--over", "voice.m4a", "--out", "o.mp4", "--size", "320x180"], "--size: with --over, the frame size is the video's"),
            (["--over", "voice.m4a", "--out", "o.mp4", "--fps", "25"], "--fps: with --over, the frame rate is the video's"),
            (["--out", "o.mp4"], "captions are written with alpha"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["captions", "talk.srt"] + arguments, in: dir.url, timeout: 60)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result)")
        }
        #expect(dir.contents().sorted() == ["notes.mp4", "pipe.mp4", "talk.srt", "voice.m4a"], "nothing written")
    }
}
