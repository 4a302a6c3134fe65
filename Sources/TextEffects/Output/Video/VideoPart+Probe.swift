import Foundation

extension VideoPart {
    /// Reads a part with ffprobe: its video stream's parameters and, counting its packets
    /// (demuxing only, no decoding), its frames.
    ///
    /// Only a regular, readable, non-empty file is handed to ffprobe (a FIFO would block it),
    /// and always as a `file:` URL, so a name such as `concat:…` is a file name, not a protocol.
    public init(probing path: String) throws(VideoJoinError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadable(part: path, reason: errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(part: path, reason: "it is a folder")
        default: throw .unreadable(part: path, reason: "it is not a regular file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(part: path, reason: String(cString: strerror(errno))) }
        close(fd)
        guard info.st_size > 0 else { throw .emptyFile(part: path) }
        guard let ffprobe = FFmpegEncoder.locate(tool: "ffprobe") else { throw .toolMissing("ffprobe") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let output = try Self.run(ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams",
                                            "-count_packets", "-show_data_hash", "SHA256", "file:" + absolute], part: path)
        try self.init(path: path, ffprobeJSON: output)
    }

    /// Reads ffprobe's `-print_format json -show_format -show_streams -count_packets
    /// -show_data_hash SHA256` output for the file `path`.
    init(path: String, ffprobeJSON: Data) throws(VideoJoinError) {
        guard let root = try? JSONValue(parsing: ffprobeJSON) else { throw .notAVideo(part: path, reason: "ffprobe printed no JSON") }
        let streams = root["streams"]?.arrayValue ?? []
        // Cover art is a video stream with the attached_pic flag: not the video.
        func isVideo(_ stream: JSONValue) -> Bool {
            stream["codec_type"]?.stringValue == "video" && stream["disposition"]?["attached_pic"]?.doubleValue != 1
        }
        guard let video = streams.first(where: isVideo) else { throw .noVideoStream(part: path) }
        let others = streams.filter { $0 != video }.map { $0["codec_type"]?.stringValue ?? "unknown" }
        if !others.isEmpty {
            var kinds: [String] = []
            for kind in others where !kinds.contains(kind) { kinds.append(kind) }
            throw .otherStreams(part: path, kinds: kinds)
        }
        let codec = video["codec_name"]?.stringValue ?? "an unknown codec"
        guard VideoContainer.joinableCodecs.contains(codec) else { throw .unsupportedCodec(part: path, codec: codec) }
        let packets = video["nb_read_packets"]?.stringValue.flatMap { Int($0) } ?? 0
        guard packets > 0 else { throw .noFrames(part: path) }
        guard let width = video["width"]?.doubleValue, let height = video["height"]?.doubleValue, width >= 1, height >= 1 else {
            throw .unusable(part: path, reason: "its video stream has no picture size")
        }
        // The base rate first: a constant-rate part states it exactly (30000/1001), where the
        // average of a short part could be rounded.
        let rate = [video["r_frame_rate"], video["avg_frame_rate"]].lazy.compactMap { $0?.stringValue }
            .compactMap(VideoInfo.frameRate(from:)).first
        guard let rate else { throw .unusable(part: path, reason: "its video stream has no frame rate") }
        guard let timeBase = video["time_base"]?.stringValue, timeBase != "0/0" else {
            throw .unusable(part: path, reason: "its video stream has no time base")
        }
        let pixelFormat = video["pix_fmt"]?.stringValue
        // WebM keeps VP9's alpha beside the picture and says so in the track's AlphaMode,
        // which ffprobe shows as a tag (any case: a joined file carries it as a tag too).
        let alphaTag = video["tags"]?.objectValue?.first { $0.key.lowercased() == "alpha_mode" }?.value.stringValue
        let hasAlpha = alphaTag == "1" || (pixelFormat.map { $0.hasPrefix("yuva") || $0.contains("rgba") || $0.contains("argb") } ?? false)
        let colors = ["color_range", "color_space", "color_transfer", "color_primaries"]
            .map { video[$0]?.stringValue ?? "unknown" }.joined(separator: "/")
        let duration = (video["duration"]?.stringValue ?? root["format"]?["duration"]?.stringValue).flatMap(Double.init)
        self.init(path: path, codec: codec, profile: video["profile"]?.stringValue, width: Int(width), height: Int(height),
                  pixelFormat: pixelFormat, hasAlpha: hasAlpha, frameRate: rate, timeBase: timeBase, colorTags: colors,
                  codecHeaders: video["extradata_hash"]?.stringValue, reorderDepth: Int(video["has_b_frames"]?.doubleValue ?? 0),
                  frameCount: packets, duration: duration)
    }

    /// Runs ffprobe and returns its standard output; its standard error is the reason it failed.
    private static func run(_ executable: URL, _ arguments: [String], part: String) throws(VideoJoinError) -> Data {
        let run: ProbeRun
        do { run = try ProbeRun(executable, arguments) } catch { throw .notAVideo(part: part, reason: "ffprobe did not start: \(error.localizedDescription)") }
        guard run.status == 0 else {
            // "file:/abs/part.mp4: Invalid data found…": the part is named already.
            let text = run.errorOutput
                .split(separator: "\n").map { line in
                    guard line.hasPrefix("file:"), let colon = line.range(of: ": ") else { return String(line) }
                    return String(line[colon.upperBound...])
                }.joined(separator: "\n")
            let reason = FFmpegEncoder.reason(fromErrorOutput: text)
            throw .notAVideo(part: part, reason: reason.isEmpty ? "ffprobe failed" : reason)
        }
        return run.output
    }
}
