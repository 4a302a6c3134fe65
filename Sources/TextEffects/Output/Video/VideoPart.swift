/// One part of a video to join, as ffprobe reads it: what must be alike in every part for its
/// packets to follow another part's as they are, and how many frames it holds.
package struct VideoPart: Hashable, Sendable {
    /// The file, as given.
    public var path: String
    /// ffprobe's `codec_name`: `h264`, `prores`, `vp9`.
    public var codec: String
    /// The codec's profile (`High`, `4444`, `Profile 0`), when it has one.
    public var profile: String?
    /// The coded picture's size in pixels.
    public var width: Int
    public var height: Int
    /// The decoder's pixel format (`yuv420p`, `yuva444p12le`).
    public var pixelFormat: String?
    /// Whether the picture carries alpha: an alpha pixel format, or WebM's `alpha_mode`.
    public var hasAlpha: Bool
    /// The stream's frame rate, exact.
    public var frameRate: FrameRate
    /// The stream's time base as ffprobe writes it (`1/15360`): timestamps are counted in it.
    public var timeBase: String
    /// Colour range, matrix, transfer and primaries as tagged (`tv/bt709/…`).
    public var colorTags: String
    /// A hash of the codec's global headers (H.264's SPS and PPS), nil when it has none: parts
    /// whose headers differ cannot share the first part's.
    public var codecHeaders: String?
    /// Frames a decoder may hold back for reordering (H.264 B-frames: 2 for libx264's default
    /// pyramid), 0 when decoding order is display order.
    public var reorderDepth: Int
    /// The video stream's frames (packets).
    public var frameCount: Int
    /// The stream's length in seconds, as the container states it.
    public var duration: Double?

    public init(path: String, codec: String, profile: String? = nil, width: Int, height: Int, pixelFormat: String? = nil,
                hasAlpha: Bool = false, frameRate: FrameRate, timeBase: String, colorTags: String = "", codecHeaders: String? = nil,
                reorderDepth: Int = 0, frameCount: Int, duration: Double? = nil) {
        self.path = path
        self.codec = codec
        self.profile = profile
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.hasAlpha = hasAlpha
        self.frameRate = frameRate
        self.timeBase = timeBase
        self.colorTags = colorTags
        self.codecHeaders = codecHeaders
        self.reorderDepth = reorderDepth
        self.frameCount = frameCount
        self.duration = duration
    }

    /// How this part differs from `first` in a way that keeps its packets from following
    /// `first`'s without re-encoding, in words naming `first`; nil when they can.
    public func difference(from first: VideoPart) -> String? {
        let name = first.path
        if codec != first.codec {
            return "it is \(VideoContainer.displayName(ofCodec: codec)) video, \(name) is \(VideoContainer.displayName(ofCodec: first.codec))"
        }
        if width != first.width || height != first.height {
            return "it is \(width)×\(height) pixels, \(name) is \(first.width)×\(first.height)"
        }
        if pixelFormat != first.pixelFormat {
            return "its pixel format is \(pixelFormat ?? "unknown"), \(name)'s is \(first.pixelFormat ?? "unknown")"
        }
        if hasAlpha != first.hasAlpha {
            return hasAlpha ? "it has an alpha channel, \(name) has none" : "it has no alpha channel, \(name) has one"
        }
        if frameRate != first.frameRate {
            return "it runs at \(frameRate) fps, \(name) at \(first.frameRate) fps"
        }
        if timeBase != first.timeBase {
            return "its time base is \(timeBase), \(name)'s is \(first.timeBase)"
        }
        if profile != first.profile {
            return "its profile is \(profile ?? "none"), \(name)'s is \(first.profile ?? "none")"
        }
        if colorTags != first.colorTags {
            return "its colours are tagged \(colorTags), \(name)'s \(first.colorTags)"
        }
        if codecHeaders != first.codecHeaders {
            return "it was encoded with other codec parameters (its \(VideoContainer.displayName(ofCodec: codec)) headers differ); "
                + "render every part with the same texteffects, ffmpeg and options"
        }
        return nil
    }
}
