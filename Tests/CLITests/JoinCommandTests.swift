import Foundation
import Testing

/// `texteffects join` through the real binary: a scene rendered as four shards of mp4, webm or
/// mov and joined is the single render's video, frame for frame, with its frame count, rate,
/// timestamps and length, its frames copied from the parts without re-encoding; bad parts and
/// outputs exit 2 naming them and leave nothing behind.
@Suite("joining shards")
struct JoinCommandTests {
    /// 90 frames (3 s at 30 fps) of a block moving 3 pixels a frame: every frame differs from
    /// its neighbours. `background` is a colour or `null` (transparent, for the alpha formats).
    static func scene(background: String = "\"#101828\"", fps: String = "30") -> String {
        #"""
        {"version": 1, "canvas": {"width": 320, "height": 180, "background": \#(background)}, "duration": 3, "fps": \#(fps),
         "blocks": [{"id": "block", "frame": {"x": 8, "y": 50, "width": 60}, "text": "▇▇",
                     "style": {"font": {"family": "DejaVu Sans", "size": 40}, "color": "#FFD25A"},
                     "offset": [{"t": 0, "value": {"x": 0, "y": 0}}, {"t": 3, "value": {"x": 270, "y": 30}}]}]}
        """#
    }

    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// Runs ffprobe or ffmpeg in `dir` and returns its standard output.
    static func tool(_ tool: URL, _ arguments: [String], in dir: TemporaryDirectory) throws -> CLI.Result {
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "\(tool.path) is missing: install ffmpeg (scripts/install-deps.sh does)")
        let result = try CLI.runExecutable(tool, ["-v", "error"] + arguments, in: dir.url)
        try #require(result.status == 0, "\(tool.lastPathComponent) \(arguments): \(result)")
        return result
    }

    /// The video stream's packets in decoding order, as (presentation, decoding) timestamps in
    /// its time base.
    static func timestamps(_ file: String, in dir: TemporaryDirectory) throws -> [(pts: Int, dts: Int)] {
        try tool(ffprobe, ["-select_streams", "v:0", "-show_entries", "packet=pts,dts", "-of", "csv=p=0", file], in: dir).stdout
            .split(separator: "\n").map { line in
                let fields = line.split(separator: ",").map { Int($0) ?? Int.min }
                return (fields[0], fields.count > 1 ? fields[1] : Int.min)
            }
    }

    /// One field of the video stream (`r_frame_rate`, `duration`, `pix_fmt`) or of the format.
    static func field(_ name: String, of file: String, format: Bool = false, in dir: TemporaryDirectory) throws -> String {
        try tool(ffprobe, ["-select_streams", "v:0", "-show_entries", (format ? "format=" : "stream=") + name, "-of", "csv=p=0", file],
                 in: dir).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// MD5s of the decoded frames as RGBA (alpha included: VP9's through libvpx, which reads it).
    static func decodedHashes(_ file: String, format: String, in dir: TemporaryDirectory) throws -> [String] {
        let decoder = format == "webm" ? ["-c:v", "libvpx-vp9"] : []
        return try tool(ffmpeg, decoder + ["-i", file, "-pix_fmt", "rgba", "-f", "framemd5", "-"], in: dir).stdout
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map { String($0).trimmingCharacters(in: .whitespaces) } }
    }

    /// The decoded frames in grey at half size, one byte array a frame.
    static func greyFrames(_ file: String, in dir: TemporaryDirectory) throws -> [[UInt8]] {
        let data = try tool(ffmpeg, ["-i", file, "-vf", "scale=160:90", "-pix_fmt", "gray", "-f", "rawvideo", "-"], in: dir).stdoutData
        let size = 160 * 90
        return stride(from: 0, to: data.count / size * size, by: size).map { [UInt8](data[$0..<$0 + size]) }
    }

    /// Sum of absolute differences of two grey frames.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var sum = 0
                for i in 0..<min(a.count, b.count) { sum += abs(Int(a[i]) - Int(b[i])) }
                return sum
            }
        }
    }

    @Test("four shards joined are the single render: frame count, rate, timestamps, length; frames copied, not re-encoded",
          arguments: ["mp4", "webm", "mov"])
    func fourShardsJoined(format: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("block.json", Self.scene(background: format == "mp4" ? "\"#101828\"" : "null"))
        let whole = try CLI.run(["render", "block.json", "--format", format, "--out", "whole.\(format)", "--quiet"], in: dir.url)
        #expect(whole.status == 0, "\(whole)")
        let parts = (1...4).map { "part-\($0).\(format)" }
        for (k, part) in parts.enumerated() {
            let result = try CLI.run(["render", "block.json", "--format", format, "--shard", "\(k + 1)/4", "--out", part, "--quiet"], in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        let join = try CLI.run(["join"] + parts + ["--out", "joined/video.\(format)"], in: dir.url)
        // Its one summary line reaches a log too (standard error is a pipe here).
        #expect(join.status == 0 && join.stderrLines.count == 1 && join.stderr.hasPrefix("joined 4 parts, "), "\(join)")
        let joined = "joined/video.\(format)"

        // Every frame once, in order, and nothing else: the joined frames decode to exactly the
        // parts' frames (so they were copied, not re-encoded), and there are the single render's 90.
        let joinedFrames = try Self.decodedHashes(joined, format: format, in: dir)
        let partFrames = try parts.flatMap { try Self.decodedHashes($0, format: format, in: dir) }
        #expect(joinedFrames.count == 90 && partFrames.count == 90)
        #expect(joinedFrames == partFrames)

        // The single render's rate, timestamps and length. WebM keeps milliseconds, each part's
        // rounded on its own: a frame may land 1 ms from the single render's.
        #expect(try Self.field("r_frame_rate", of: joined, in: dir) == "30/1")
        let stamps = try Self.timestamps(joined, in: dir), wholeStamps = try Self.timestamps("whole.\(format)", in: dir)
        #expect(stamps.count == 90 && wholeStamps.count == 90)
        if format == "webm" {
            #expect(zip(stamps, wholeStamps).allSatisfy { abs($0.pts - $1.pts) <= 1 }, "\(stamps.map(\.pts)) \(wholeStamps.map(\.pts))")
            let length = try #require(Double(try Self.field("duration", of: joined, format: true, in: dir)))
            #expect(abs(length - 3) <= 0.002, "\(length)")
        } else {
            // Presentation and decoding times alike (H.264's decoding times run two frames
            // behind; the frames' decoding order differs where the encoders chose other B-frames).
            #expect(stamps.map(\.pts).sorted() == wholeStamps.map(\.pts).sorted() && stamps.map(\.dts) == wholeStamps.map(\.dts),
                    "\(stamps) \(wholeStamps)")
            #expect(try Self.field("duration", of: joined, in: dir) == "3.000000")
        }
        if format == "mov" {
            // ProRes codes each frame alone: the joined frames are the single render's, bit for bit.
            #expect(joinedFrames == (try Self.decodedHashes("whole.\(format)", format: format, in: dir)))
            #expect(try Self.field("pix_fmt", of: joined, in: dir).hasPrefix("yuva"), "alpha kept")
        } else {
            // H.264 and VP9 shards are encoded apart (a key frame at each part's start, rate
            // control per part), so their bits differ from the single render's (measured: all
            // 90 frames for H.264, 68 for VP9); each frame is still the single render's frame i,
            // nearer to it than to frames i − 1 and i + 1.
            let ours = try Self.greyFrames(joined, in: dir), single = try Self.greyFrames("whole.\(format)", in: dir)
            try #require(ours.count == 90 && single.count == 90)
            for i in 0..<90 {
                let same = Self.distance(ours[i], single[i])
                for j in [i - 1, i + 1] where (0..<90).contains(j) {
                    #expect(same < Self.distance(ours[i], single[j]), "frame \(i) is nearer to the single render's frame \(j)")
                }
            }
        }
        if format == "webm" {
            let tags = try Self.tool(Self.ffprobe, ["-select_streams", "v:0", "-show_entries", "stream_tags", "-of", "json", joined], in: dir).stdout
            #expect(tags.lowercased().contains(#""alpha_mode": "1""#), "alpha kept: \(tags)")
        }
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("joined")) == ["video.\(format)"], "no temporary files left")
    }

    @Test("parts of two and three frames at 30000/1001 join with the single render's timestamps (B-frame delays differ)")
    func shortPartsAtNTSCRate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("block.json", Self.scene(fps: "\"30000/1001\""))
        let whole = try CLI.run(["render", "block.json", "--frames", "10", "--format", "mp4", "--out", "whole.mp4", "--quiet"], in: dir.url)
        #expect(whole.status == 0, "\(whole)")
        // 10 frames in 4 shards: 2, 3, 2 and 3 frames. libx264 gives a part of two frames no
        // B-frame delay and one of three a delay of two frames.
        let parts = (1...4).map { "part-\($0).mp4" }
        for (k, part) in parts.enumerated() {
            let result = try CLI.run(["render", "block.json", "--frames", "10", "--format", "mp4", "--shard", "\(k + 1)/4", "--out", part, "--quiet"],
                                     in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        let join = try CLI.run(["join"] + parts + ["--out", "joined.mp4", "--quiet"], in: dir.url)
        #expect(join.status == 0 && join.stderr.isEmpty, "\(join)")
        let stamps = try Self.timestamps("joined.mp4", in: dir), wholeStamps = try Self.timestamps("whole.mp4", in: dir)
        #expect(stamps.map(\.pts).sorted() == (0..<10).map { $0 * 1001 })
        #expect(stamps.map(\.dts) == wholeStamps.map(\.dts), "\(stamps) \(wholeStamps)")
        #expect(zip(stamps.map(\.dts), stamps.map(\.dts).dropFirst()).allSatisfy { $0 < $1 } && stamps.allSatisfy { $0.dts <= $0.pts })
        #expect(try Self.field("r_frame_rate", of: "joined.mp4", in: dir) == "30000/1001")
        #expect(try Self.field("duration", of: "joined.mp4", in: dir) == (try Self.field("duration", of: "whole.mp4", in: dir)))
        #expect(try Self.decodedHashes("joined.mp4", format: "mp4", in: dir) == (try parts.flatMap { try Self.decodedHashes($0, format: "mp4", in: dir) }))
    }

    @Test("a mismatched, missing, non-video or empty part, or a bad --out, exits 2 naming it and writes nothing")
    func badPartsAndOutputs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("block.json", Self.scene())
        for k in 1...2 {
            let result = try CLI.run(["render", "block.json", "--frames", "8", "--format", "mp4", "--shard", "\(k)/2", "--out", "part-\(k).mp4", "--quiet"],
                                     in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        let big = try CLI.run(["render", "block.json", "--frames", "8", "--format", "mp4", "--shard", "2/2", "--scale", "2", "--out", "big.mp4", "--quiet"],
                              in: dir.url)
        #expect(big.status == 0, "\(big)")
        try dir.write("notes.mp4", "not a video\n")
        try dir.write("empty.mp4", "")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("folder.mp4"), withIntermediateDirectories: false)
        try dir.write("file", "a file where a folder should be\n")
        let before = dir.contents()

        let cases: [(arguments: [String], message: String)] = [
            (["part-1.mp4", "big.mp4", "--out", "out.mp4"], "big.mp4: cannot follow part-1.mp4 without re-encoding: it is 640×360 pixels, part-1.mp4 is 320×180"),
            (["part-1.mp4", "missing.mp4", "--out", "out.mp4"], "missing.mp4: cannot be read (no such file)"),
            (["part-1.mp4", "notes.mp4", "--out", "out.mp4"], "notes.mp4: is not a video ffmpeg can read"),
            (["empty.mp4", "part-2.mp4", "--out", "out.mp4"], "empty.mp4: is empty (0 bytes)"),
            (["part-1.mp4", "block.json", "--out", "out.mp4"], "block.json:"),
            (["part-1.mp4", "part-2.mp4", "part-1.mp4", "--out", "out.mp4"], "part-1.mp4: is given more than once"),
            (["part-1.mp4", "part-2.mp4", "--out", "out.webm"], "--out: out.webm is a .webm, which cannot hold the parts' H.264 video as it is; use .mp4 or .mov"),
            (["part-1.mp4", "part-2.mp4", "--out", "out.avi"], "--out: out.avi must end in .mp4, .mov or .webm"),
            (["part-1.mp4", "part-2.mp4", "--out", "folder.mp4"], "--out: folder.mp4 is a folder"),
            (["part-1.mp4", "part-2.mp4", "--out", "file/out.mp4"], "--out: file is a file, not a folder"),
            (["part-1.mp4", "part-2.mp4", "--out", "part-2.mp4"], "--out: part-2.mp4 is one of the parts"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["join"] + arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix(message), "\(arguments): \(result)")
            #expect(dir.contents() == before, "\(arguments) left files behind")
        }
        // The same parts join once nothing is wrong.
        let good = try CLI.run(["join", "part-1.mp4", "part-2.mp4", "--out", "out.mp4"], in: dir.url)
        #expect(good.status == 0, "\(good)")
        #expect(try Self.timestamps("out.mp4", in: dir).count == 8)
    }
}
