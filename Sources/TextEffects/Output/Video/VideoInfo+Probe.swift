import Foundation

extension VideoInfo {
    /// Reads a video file's size, frame rate, length and audio with ffprobe.
    ///
    /// Only a regular file is handed to ffprobe (a FIFO would block it), and always as a
    /// `file:` URL, so a name such as `http://…` or `concat:…` is a file name, not a protocol.
    public init(probing path: String) throws(VideoProbeError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .notAFile(reason: errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(reason: "it is a folder")
        default: throw .notAFile(reason: "it is not a regular file")
        }
        guard let ffprobe = FFmpegEncoder.locate(tool: "ffprobe") else { throw .ffprobeMissing }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let output = try Self.run(ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "file:" + absolute])
        try self.init(path: path, ffprobeJSON: output)
    }

    /// Reads ffprobe's `-print_format json -show_format -show_streams` output.
    init(path: String, ffprobeJSON: Data) throws(VideoProbeError) {
        guard let root = try? JSONValue(parsing: ffprobeJSON) else { throw .unreadable(reason: "ffprobe printed no JSON") }
        let streams = root["streams"]?.arrayValue ?? []
        // The first real video stream: cover art is a video stream with the attached_pic flag.
        guard let video = streams.first(where: {
            $0["codec_type"]?.stringValue == "video" && $0["disposition"]?["attached_pic"]?.doubleValue != 1
        }) else { throw .noVideoStream }
        guard let codedWidth = video["width"]?.doubleValue, let codedHeight = video["height"]?.doubleValue,
              codedWidth >= 1, codedHeight >= 1, codedWidth <= 16384, codedHeight <= 16384 else {
            throw .unusable(reason: "its video stream has no picture size from 1 to 16384 pixels a side")
        }
        let rate = [video["avg_frame_rate"], video["r_frame_rate"]].lazy.compactMap { $0?.stringValue }
            .compactMap(Self.frameRate(from:)).first
        guard let rate else { throw .unusable(reason: "its video stream has no frame rate") }
        let duration = root["format"]?["duration"]?.stringValue.flatMap(Double.init)
            ?? video["duration"]?.stringValue.flatMap(Double.init)
        guard let duration, duration.isFinite, duration > 0 else { throw .unusable(reason: "it has no length") }
        guard duration <= 86_400 else { throw .unusable(reason: "it is longer than 24 hours") }
        let start = video["start_time"]?.stringValue.flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
        // ffmpeg turns a video stored sideways upright; the overlay must match what it shows.
        let rotation = (video["side_data_list"]?.arrayValue ?? []).compactMap { $0["rotation"]?.doubleValue }.first
            ?? video["tags"]?["rotate"]?.stringValue.flatMap(Double.init) ?? 0
        let sideways = Int(rotation.rounded()) % 180 != 0
        self.init(path: path, width: Int(sideways ? codedHeight : codedWidth), height: Int(sideways ? codedWidth : codedHeight),
                  frameRate: rate, duration: duration, startTime: start,
                  audioCodecs: streams.filter { $0["codec_type"]?.stringValue == "audio" }.map { $0["codec_name"]?.stringValue ?? "unknown" })
    }

    /// `30000/1001` as ffprobe writes a rate; nil for `0/0` and rates above 1000 a second.
    static func frameRate(from text: String) -> FrameRate? {
        if let rate = FrameRate(parsing: text) { return rate }
        // A fraction too fine to keep exactly (a variable-rate video's average): its nearest.
        let parts = text.split(separator: "/")
        guard parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d > 0,
              let rate = FrameRate(approximating: n / d), rate.value <= 1000 else { return nil }
        return rate
    }

    /// Runs ffprobe and returns its standard output; its standard error is the reason it failed.
    private static func run(_ executable: URL, _ arguments: [String]) throws(VideoProbeError) -> Data {
        let run: ProbeRun
        do { run = try ProbeRun(executable, arguments) } catch { throw .unreadable(reason: "ffprobe did not start: \(error.localizedDescription)") }
        guard run.status == 0 else {
            let reason = FFmpegEncoder.reason(fromErrorOutput: run.errorOutput)
            throw .unreadable(reason: reason.isEmpty ? "ffprobe failed" : reason)
        }
        return run.output
    }
}
