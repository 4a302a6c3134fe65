/// Why a video could not be read for burning captions into, one case per cause.
package enum VideoProbeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ffprobe (part of ffmpeg) is not on PATH.
    case ffprobeMissing
    /// The path is not a regular file: missing, a folder, a FIFO, a device (never opened).
    case notAFile(reason: String)
    /// ffprobe could not read it as a media file; its own reason.
    case unreadable(reason: String)
    /// The file has no video stream (audio only, or a still picture as cover art).
    case noVideoStream
    /// The video stream lacks something a burn-in needs (a size, a frame rate, a length).
    case unusable(reason: String)

    public var description: String {
        switch self {
        case .ffprobeMissing: "ffprobe was not found on PATH (it comes with ffmpeg: apt install ffmpeg)"
        case .notAFile(let reason): "cannot be read (\(reason))"
        case .unreadable(let reason): "is not a video ffmpeg can read (\(reason))"
        case .noVideoStream: "has no video stream"
        case .unusable(let reason): "cannot be used (\(reason))"
        }
    }
}
