import Foundation

/// What a video file holds, as ffprobe reads it: the picture size, frame rate, length and audio
/// of a video that captions are burned into.
package struct VideoInfo: Hashable, Sendable {
    /// The file, as given.
    public var path: String
    /// The picture's size in pixels as it is shown: a phone video stored sideways with a 90°
    /// rotation has its width and height swapped, as ffmpeg turns its frames upright.
    public var width: Int
    public var height: Int
    /// The video stream's average frame rate, exact (`30000/1001`).
    public var frameRate: FrameRate
    /// The container's length in seconds.
    public var duration: Double
    /// When the video stream's first frame is shown, in seconds (usually 0).
    public var startTime: Double
    /// The codec of each audio stream (`aac`, `opus`, …), in order.
    public var audioCodecs: [String]

    public init(path: String, width: Int, height: Int, frameRate: FrameRate, duration: Double, startTime: Double = 0,
                audioCodecs: [String] = []) {
        self.path = path
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.duration = duration
        self.startTime = startTime
        self.audioCodecs = audioCodecs
    }

    /// Frames of the overlay that span the video: its length at its frame rate, rounded up.
    public var frameCount: Int {
        let exact = duration * Double(frameRate.frames) / Double(frameRate.seconds)
        return max(1, Int((exact - 1e-6).rounded(.up)))
    }

    /// Whether every audio stream can be copied into an MP4 as it is (otherwise it is encoded
    /// to AAC: PCM from a camera's `.mov` has no MP4 form in ffmpeg 5).
    public var audioFitsMP4: Bool {
        audioCodecs.allSatisfy { Self.mp4AudioCodecs.contains($0) }
    }

    static let mp4AudioCodecs: Set<String> = ["aac", "mp3", "mp2", "ac3", "eac3", "opus", "flac", "alac"]
}
