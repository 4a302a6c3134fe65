/// Why video parts could not be joined, one case per cause; each description is one line that
/// names the part (as it was given) or `--out`.
package enum VideoJoinError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ffmpeg or ffprobe is not on PATH.
    case toolMissing(String)
    /// The part cannot be opened: missing, a folder, a FIFO or a device, or not readable.
    case unreadable(part: String, reason: String)
    /// The part is a file of 0 bytes (a render that never wrote anything).
    case emptyFile(part: String)
    /// ffprobe cannot read the part as a media file; its own reason.
    case notAVideo(part: String, reason: String)
    /// The part is a media file without a video stream (audio only).
    case noVideoStream(part: String)
    /// The part's video stream has no frames.
    case noFrames(part: String)
    /// The part's video stream lacks something a join needs (a size, a frame rate, a time base).
    case unusable(part: String, reason: String)
    /// The part's video is not one texteffects renders (H.264, ProRes, VP9): a GIF, a PNG, text.
    case unsupportedCodec(part: String, codec: String)
    /// The part holds streams besides its video; `kinds` are their types (`audio`, `data`).
    case otherStreams(part: String, kinds: [String])
    /// The part's frames cannot follow the first part's without re-encoding; `difference` says
    /// how they differ.
    case incompatible(part: String, first: String, difference: String)
    /// The same file is given twice: each part joins once.
    case repeated(part: String)
    /// The part's name holds a line break, which ffmpeg's concat list cannot hold.
    case unlistableName(part: String)
    /// `--out` names one of the parts.
    case outputIsAPart(output: String, part: String)
    /// `--out`'s extension is not one `join` writes.
    case unknownContainer(output: String)
    /// `--out`'s container cannot hold the parts' codec as it is.
    case containerMismatch(output: String, container: VideoContainer, codec: String)
    /// `--out` cannot be written (a folder of that name, a read-only or missing folder).
    case output(OutputError)
    /// Writing the joined video failed after the checks (a full disk, a failed rename).
    case writeFailed(OutputError)
    /// ffmpeg stopped with an error; its own reason.
    case ffmpegFailed(status: String, reason: String)
    /// ffmpeg wrote a video that is not the parts' frames exactly once each (it had to change
    /// timestamps, or the frame count or length is off); it was removed.
    case notFrameExact(reason: String)
    /// The process was told to stop (Ctrl-C, SIGTERM); nothing was left behind.
    case interrupted

    /// Whether the cause is in the input (the parts or `--out`), for exit status 2; otherwise
    /// the tools or the machine failed (exit status 1).
    public var isInputProblem: Bool {
        switch self {
        case .toolMissing, .writeFailed, .ffmpegFailed, .notFrameExact, .interrupted: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .toolMissing(let tool):
            "join needs \(tool), which is not installed; install it with: apt-get install ffmpeg"
        case .unreadable(let part, let reason): "\(part): cannot be read (\(reason))"
        case .emptyFile(let part): "\(part): is empty (0 bytes), not a video"
        case .notAVideo(let part, let reason): "\(part): is not a video ffmpeg can read (\(reason))"
        case .noVideoStream(let part): "\(part): has no video stream"
        case .noFrames(let part): "\(part): has no frames"
        case .unusable(let part, let reason): "\(part): cannot be joined (\(reason))"
        case .unsupportedCodec(let part, let codec):
            "\(part): holds \(codec) pictures, not a video texteffects renders (join takes H.264 .mp4, ProRes .mov and VP9 .webm parts)"
        case .otherStreams(let part, let kinds):
            "\(part): has \(kinds.joined(separator: " and ")) streams besides its video; join takes video-only parts as render writes them"
        case .incompatible(let part, let first, let difference):
            "\(part): cannot follow \(first) without re-encoding: \(difference)"
        case .repeated(let part): "\(part): is given more than once; each part is joined once"
        case .unlistableName(let part):
            "\(part): its name holds a line break, which ffmpeg's concat list cannot hold; rename the file"
        case .outputIsAPart(let output, let part):
            "--out: \(output) is one of the parts\(part == output ? "" : " (\(part))"); write the joined video to a new file"
        case .unknownContainer(let output):
            "--out: \(output) must end in .mp4, .mov or .webm (the joined video's container)"
        case .containerMismatch(let output, let container, let codec):
            "--out: \(output) is a .\(container.rawValue), which cannot hold the parts' \(VideoContainer.displayName(ofCodec: codec)) video as it is; use "
                + VideoContainer.holding(codec).map { ".\($0.rawValue)" }.joined(separator: " or ")
        case .output(let error): "--out: \(error)"
        case .writeFailed(let error): "cannot write the joined video: \(error)"
        case .ffmpegFailed(let status, let reason): "ffmpeg could not join the parts (\(status)): \(reason)"
        case .notFrameExact(let reason): "the joined video would not be frame exact (\(reason)); nothing was written"
        case .interrupted: "interrupted; nothing was written"
        }
    }
}
